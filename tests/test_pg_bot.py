"""Bot tests that touch the database, run again on PostgreSQL (each test on a database of its own).

The tests are the SQLite ones, imported from their modules: pytest collects them here a second time,
and here `db_url` (the database make_bot's bots use) is a PostgreSQL database. Chosen to cover every
write and read path of the store while keeping the added time small: a whole game (the stored state
equals the replay of the log), a crash right after the last move and two restarts, the outbox repaired
at start-up, concurrent clicks (one applied, all answered), turn deadlines across a restart, an AI seat
across a restart, the lobby's writes and one open game per channel. (A renamed test fails the import
here, loudly, rather than silently leaving PostgreSQL untested.)"""

import pytest
from test_bot_ai import (  # noqa: F401
    test_leave_gives_the_seat_to_an_ai_and_the_last_one_out_ends_the_game,
    test_lobby_add_and_remove_ai_by_the_host_only,
    test_the_ai_pauses_on_its_turn_and_resumes_after_a_restart,
)
from test_bot_commands import (  # noqa: F401
    test_new_twice_in_a_channel_is_refused_with_a_pointer,
    test_the_host_changes_the_turn_timer_in_the_lobby,
)
from test_bot_crash import test_results_are_posted_after_a_crash_right_after_the_last_move  # noqa: F401
from test_bot_game import test_three_player_game_first_choice  # noqa: F401
from test_bot_input import test_a_flood_of_clicks_applies_one_and_answers_all  # noqa: F401
from test_bot_robust import (  # noqa: F401
    test_crash_before_the_panel_edit_and_the_ping_is_repaired_at_start,
    test_two_simultaneous_clicks_apply_exactly_one,
)
from test_bot_threads import (  # noqa: F401
    test_a_game_is_played_in_a_thread_of_its_own_and_its_results_come_back,
    test_commands_in_the_channel_find_the_game_of_its_thread,
)
from test_bot_timers import test_a_pending_timer_fires_once_after_a_restart  # noqa: F401


@pytest.fixture
def db_url(pg_ready_url):
    return pg_ready_url
