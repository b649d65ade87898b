# Sourced by test.sh: a throwaway PostgreSQL server for the tests, on a temporary folder and a unix
# socket there (no TCP port), stopped and removed when the calling script exits, whatever the outcome.
# Exports PIONEER_TEST_PG (the admin URL the test fixtures use) and PIONEER_PG_VERSION. Without server
# binaries it tries Debian's package (as root), then says so loudly: the PostgreSQL tests then fail.
pg_dir=$(mktemp -d "${TMPDIR:-/tmp}/pioneer-pg.XXXXXX")
trap '.venv/bin/python scripts/pgserver.py stop "$pg_dir" >/dev/null 2>&1 || true' EXIT
if ! .venv/bin/python -c "import sys; sys.path.insert(0, 'scripts'); import pgserver; pgserver.find_bin()" \
        >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test.sh: no PostgreSQL server binaries here: installing Debian's postgresql package" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2 || true
fi
if pg_env=$(.venv/bin/python scripts/pgserver.py start "$pg_dir"); then
    eval "$pg_env"
    echo "test.sh: PostgreSQL for the tests: $PIONEER_PG_VERSION (a throwaway server in $pg_dir)"
else
    eval "$pg_env" || true
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
    echo "test.sh: NO POSTGRESQL SERVER COULD BE STARTED: the PostgreSQL tests cannot run (see above)" >&2
    echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
    export PIONEER_NO_PG=1
fi
