"""A click on one of our persistent components (a DynamicItem) made into its item without rebuilding the
whole clicked message as a view.

discord.py (2.7, ViewStore.schedule_dynamic_item_call) turns every item of the clicked message into a ui
object (a panel: its texts, picture, rows of buttons and menus) to find the one clicked and swap the dynamic
item in; our items use only the clicked component (its label, style, options) and the interaction, so that
one is converted alone. The rest follows discord.py's own steps: from_custom_id, the item's state from the
interaction, its interaction_check, its callback, each failure logged as discord.py logs it."""

import logging
from typing import Any

import discord
from discord.ui.view import _component_to_item

log = logging.getLogger(__name__)


def clicked(components: list, component_type: int, custom_id: str) -> Any:
    """The message's component with this type and custom_id, at any depth (rows, containers, sections)."""
    stack = list(reversed(components))
    while stack:
        c = stack.pop()
        if getattr(c, "custom_id", None) == custom_id and c.type.value == component_type:
            return c
        accessory = getattr(c, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
        stack.extend(reversed(getattr(c, "children", None) or ()))
    return None


async def call_dynamic_item(component_type: int, factory, interaction: discord.Interaction, custom_id: str,
                            match) -> None:
    message = interaction.message
    if message is None:
        return
    component = clicked(message.components, component_type, custom_id)
    if component is None:  # (as discord.py: a component the message does not have is not run)
        return
    base_item = _component_to_item(component)
    view = discord.ui.LayoutView(timeout=None) if message.flags.components_v2 else discord.ui.View(timeout=None)
    try:
        item = await factory.from_custom_id(interaction, base_item, match)
    except Exception:
        log.exception("Ignoring exception in dynamic item creation for %r", factory)
        return
    item._view = view
    item._rendered_row = base_item._rendered_row
    item._refresh_state(interaction, interaction.data)
    try:
        allow = await item.interaction_check(interaction)
    except Exception:
        allow = False
    if not allow:
        return
    try:
        await item.callback(interaction)
    except Exception:
        log.exception("Ignoring exception in dynamic item callback for %r", item)


def install(client: discord.Client) -> None:
    """The client's clicks on dynamic items go through call_dynamic_item (its view store's own method replaced
    on this client only)."""
    store = client._connection._view_store
    store.schedule_dynamic_item_call = call_dynamic_item  # type: ignore[method-assign]
