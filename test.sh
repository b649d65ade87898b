#!/usr/bin/env bash
# Installs everything on first use, then runs the linter, the type checker and the whole test suite, on
# SQLite and on a throwaway PostgreSQL server (started here, stopped at the end, also when tests fail).
source "$(dirname "$0")/scripts/venv.sh"
.venv/bin/ruff check .
.venv/bin/mypy
# the compiled build of the games' hot modules, which tests/test_native.py compares with the pure ones:
# made once per version of their sources (profile-guided: ~6 min of CPU for all the games, two at a time),
# skipped where there is no C compiler
.venv/bin/python scripts/compile_engine.py
# the tests' files and databases in memory when there is room (the test PostgreSQL already runs without
# fsync; a test's SQLite commit then costs no disk flush either)
if [ -z "${TMPDIR:-}" ] && [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}')" -gt 1000000 ] 2>/dev/null; then
    export TMPDIR=/dev/shm
fi
source scripts/pg.sh
if [ $# -eq 0 ]; then
    export PIONEER_REQUIRE_PG=1  # the whole suite (CI): the PostgreSQL tests must have run
fi
.venv/bin/python -m pytest -q -n auto --dist worksteal -p pg_report "$@"
