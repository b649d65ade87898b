#!/usr/bin/env bash
# Installs everything on first use, then runs the bot (or, with no DISCORD_TOKEN, the offline
# simulator). Extra arguments go to bot.py.
source "$(dirname "$0")/scripts/venv.sh"
# the games' compiled hot modules when test.sh (scripts/compile_engine.py) has built them for these
# sources, else the pure Python ones (engine/native.py)
export ENGINE_BUILD="${ENGINE_BUILD:-auto}"
exec .venv/bin/python bot.py "$@"
