"""Discord glue: the /pioneer commands, component clicks, the channel courier, AI seats, timers."""
