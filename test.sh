#!/usr/bin/env bash
# Installs everything on first use, then runs the linter, the type checker and the whole test suite.
source "$(dirname "$0")/scripts/venv.sh"
.venv/bin/ruff check .
.venv/bin/mypy
exec .venv/bin/python -m pytest -q -n auto "$@"
