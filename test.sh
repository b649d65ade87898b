#!/usr/bin/env bash
# Installs everything on first use, then runs the linter, the type checker and the whole test suite, on
# SQLite and on a throwaway PostgreSQL server (started here, stopped at the end, also when tests fail).
source "$(dirname "$0")/scripts/venv.sh"
.venv/bin/ruff check .
.venv/bin/mypy
source scripts/pg.sh
if [ $# -eq 0 ]; then
    export PIONEER_REQUIRE_PG=1  # the whole suite (CI): the PostgreSQL tests must have run
fi
.venv/bin/python -m pytest -q -n auto --dist worksteal -p pg_report "$@"
