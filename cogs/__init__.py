"""The cogs: Discord glue only, one each: the slash commands' work (play), component clicks (table), the
channel's courier (channel), records (records) and the coach (coach). bot.py loads them as extensions."""
