# Sourced by run.sh and test.sh: creates .venv and installs the project once (again when
# pyproject.toml changes).
set -e
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
    .venv/bin/pip install -q --disable-pip-version-check -e ".[dev]"
    touch "$stamp"
fi
# Compiled bytecode is kept (in .venv, out of the tree) even where the environment turns it off:
# otherwise every test process, bot and subprocess compiles discord.py and our code again.
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX="$PWD/.venv/pycache"
