#!/usr/bin/env bash
# Installs everything on first use, then runs the bot (or, with no DISCORD_TOKEN, the offline
# simulator). Extra arguments go to bot.py.
source "$(dirname "$0")/scripts/venv.sh"
exec .venv/bin/python bot.py "$@"
