"""pytest plugin of test.sh (-p pg_report): counts the tests that ran on PostgreSQL and prints them with the
server's version, e.g. "PostgreSQL 15.18: 62 tests run on it (62 passed, 0 failed), 0 skipped".

A PostgreSQL test is one that uses a PostgreSQL database (the fixtures pg_server, pg_url, pg_ready_url,
own_pg_server, or any_db's [postgres] case). With PIONEER_REQUIRE_PG=1 (test.sh on the whole suite, as
CI runs it) the run fails when none ran or any was skipped: CI must show them executed."""

import os
from collections import Counter

import pytest

PG_FIXTURES = {"pg_server", "pg_url", "pg_ready_url", "own_pg_server"}
MARK = ("backend", "postgresql")
counts: Counter = Counter()


def is_pg(item) -> bool:
    params = getattr(getattr(item, "callspec", None), "params", {})
    return bool(PG_FIXTURES & set(getattr(item, "fixturenames", ()))) or params.get("any_db") == "postgres"


def pytest_collection_modifyitems(items):
    for item in items:
        if is_pg(item):
            item.user_properties.append(MARK)


def _on_pg(report) -> bool:
    return any(tuple(p) == MARK for p in report.user_properties)


def pytest_runtest_logreport(report):
    if not _on_pg(report):
        return
    if report.when == "call":
        counts[report.outcome] += 1
    elif report.when == "setup" and not report.passed:
        counts["skipped" if report.skipped else "failed"] += 1


def _controller(config) -> bool:
    return not hasattr(config, "workerinput")


def _missing() -> str:
    ran = counts["passed"] + counts["failed"]
    if ran == 0:
        return "no test ran on PostgreSQL"
    if counts["skipped"]:
        return f"{counts['skipped']} PostgreSQL test(s) were skipped"
    return ""


def pytest_sessionfinish(session, exitstatus):
    if _controller(session.config) and os.environ.get("PIONEER_REQUIRE_PG") and _missing() \
            and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _controller(config):
        return
    version = os.environ.get("PIONEER_PG_VERSION") or ("PostgreSQL (no server)" if os.environ.get("PIONEER_NO_PG")
                                                       else "PostgreSQL (a server started by the tests)")
    ran = counts["passed"] + counts["failed"]
    line = (f"{version}: {ran} tests run on it ({counts['passed']} passed, {counts['failed']} failed), "
            f"{counts['skipped']} skipped")
    problem = _missing()
    if problem and os.environ.get("PIONEER_REQUIRE_PG"):
        terminalreporter.write_sep("!", f"POSTGRESQL TESTS MISSING: {problem}", red=True, bold=True)
    terminalreporter.write_line(line, bold=True, red=bool(problem or counts["failed"]))
