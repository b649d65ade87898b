"""The journal of clicks acknowledged but not yet saved (app/clicks.py): what a dead process left open is
found by the next one, a line cut short by the kill is skipped, the file stays small, and a process going
down (a BaseException) leaves its click open while a failure (an Exception) ends it."""

import asyncio
import os

import pytest

from app import clicks
from app.clicks import ClickJournal


def test_what_a_dead_process_left_open_is_found_once(tmp_path):
    path = str(tmp_path / "clicks.jsonl")
    j = ClickJournal(path)
    assert j.start() == []
    for i in range(3):
        j.begin(100 + i, 7, 8, 9)
    j.end(100)
    j.end(102)
    j.end(102)  # (idempotent)
    j.close()  # the process dies: 101 was never ended
    with open(path, "a") as f:
        f.write('{"id":103,"user":7,"chan')  # a line the kill cut short
    again = ClickJournal(path)
    left = again.start()
    assert [(c.id, c.user_id, c.channel_id, c.game_id) for c in left] == [(101, 7, 8, 9)]
    again.end(101)  # told
    again.close()
    assert ClickJournal(path).start() == []


def test_the_file_is_rewritten_with_the_open_clicks_only(tmp_path, monkeypatch):
    monkeypatch.setattr(clicks, "ROTATE", 2000)
    path = str(tmp_path / "clicks.jsonl")
    j = ClickJournal(path)
    j.start()
    j.begin(1, 2, 3, 4)  # stays open throughout
    for i in range(500):
        j.begin(10 + i, 2, 3, 4)
        j.end(10 + i)
    assert os.path.getsize(path) < 2300
    j.close()
    assert [c.id for c in ClickJournal(path).start()] == [1]


def test_a_failure_ends_the_click_and_going_down_leaves_it_open(tmp_path):
    j = ClickJournal(str(tmp_path / "clicks.jsonl"))
    j.start()
    with pytest.raises(ValueError), j.window(1, 2, 3, 4):
        raise ValueError("a bug: the error handler answered it")
    with pytest.raises(asyncio.CancelledError), j.window(5, 2, 3, 4):
        raise asyncio.CancelledError()
    assert list(j.open) == [5]


def test_a_journal_in_a_folder_not_made_yet_is_made_with_it(tmp_path):
    # PostgreSQL's default journal is data/clicks-….jsonl: nothing else makes that folder on a new install
    path = str(tmp_path / "data" / "clicks-pg.jsonl")
    j = ClickJournal(path)
    assert j.start() == []
    j.begin(1, 7, 8, 9)
    j.close()
    assert [c.id for c in ClickJournal(path).start()] == [1]
