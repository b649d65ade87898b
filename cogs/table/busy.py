"""When a click is turned away "busy" and nothing is applied: too many clicks wait for its table's lock, too
many are handled by the whole bot, or it reached us too late to be answered in Discord's 3 s."""

import discord

from i18n import N_

QUEUE_MAX = 6        # clicks waiting for one table's lock before new ones are turned away
IN_FLIGHT_MAX = 200  # clicks being handled by the whole bot before new ones are turned away
LATE_S = 2.0         # a click reaching us this late is answered "busy" at once: work first would miss Discord's 3 s
BUSY = N_("⏳ The table is busy right now, so nothing was changed: try again in a moment.")


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction (its id says when), by this machine's clock."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


class Lateness:
    """How late a click reaches us, against the least age seen lately rather than the clock alone: a machine
    whose clock is off by seconds must not turn every click away. The least age creeps up (CREEP per
    click) so a clock set right again is followed."""

    CREEP = 0.01

    def __init__(self) -> None:
        self.least: float | None = None

    def late(self, seen: float) -> float:
        self.least = seen if self.least is None else min(self.least + self.CREEP, seen)
        return seen - self.least
