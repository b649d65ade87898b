#!/usr/bin/env bash
# Installs everything on first use, then runs the linter and the whole test suite.
source "$(dirname "$0")/scripts/venv.sh"
.venv/bin/ruff check .
exec .venv/bin/python -m pytest -q -n auto "$@"
