"""The compiled build of a game's hot modules (engine/native.py) against the pure Python ones, the
reference: the same seeded games, position by position, and the same AI choices, byte for byte.

test.sh compiles them first (scripts/compile_engine.py, cached by the sources' key); where nothing
could be compiled (no C compiler) the comparison is skipped, saying so."""

import importlib
import json
import os
import subprocess
import sys

import pytest

from engine import native, registry

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = os.path.join(ROOT, "tests", "native_run.py")
GAMES = 6  # seeded games per game and build (player counts and options in turn)


def _packages(key: str) -> list[str]:
    """The rules packages of a game that have hot modules to compile."""
    home = type(registry.game(key).rules).__module__.rpartition(".")[0]
    return [name for name in sorted(native.PACKAGES) if name.startswith(home + ".")]


def _run(build: str, key: str) -> subprocess.Popen:
    env = {**os.environ, native.ENV: build}
    return subprocess.Popen([sys.executable, RUN, key, str(GAMES)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


INSTALLED = [importlib.import_module(m).GAME.key for m in importlib.import_module("games").INSTALLED]


@pytest.mark.parametrize("key", INSTALLED)
def test_compiled_build_plays_the_same_games(key):
    packages = _packages(key)
    if not packages:
        pytest.skip(f"{key} names no hot modules to compile (engine/native.py)")
    for p in packages:
        failed = native.build_dir(p, native.PACKAGES[p][0]) + ".failed"
        if os.path.exists(failed):
            pytest.fail(f"scripts/compile_engine.py could not compile {p} ({open(failed).read().strip()}): "
                        "its hot modules must stay compilable by mypyc (engine/native.py)")
    missing = [p for p in packages
               if not os.path.isfile(os.path.join(native.build_dir(p, native.PACKAGES[p][0]), "built"))]
    if missing:
        pytest.skip(f"no compiled build of {', '.join(missing)} for these sources: scripts/compile_engine.py "
                    "makes one (test.sh runs it; it needs a C compiler)")
    runs = {build: _run(build, key) for build in ("pure", "compiled")}  # (both at once)
    out = {}
    for build, proc in runs.items():
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, f"{build}: {stderr[-2000:]}"
        out[build] = stdout.splitlines()
    compiled = json.loads(out["compiled"][-1])["compiled"]
    assert json.loads(out["pure"][-1])["compiled"] == {}
    for p in packages:  # every hot module from the build, not from its .py
        assert compiled[p] == list(native.PACKAGES[p][1])
    assert len(out["pure"]) == GAMES + 1
    for pure, fast in zip(out["pure"][:-1], out["compiled"][:-1], strict=True):
        assert fast == pure  # (one game: its positions' hash, final state, AI choices, playouts)


def test_the_suite_runs_the_pure_modules():
    """The rest of the suite tests the reference: nothing imported here came from a build (unless the
    environment asked for one)."""
    if native.mode() == "pure":
        registry.games()
        assert native.ACTIVE == set()


def _package(tmp_path, source: str):
    folder = tmp_path / "pkg"
    folder.mkdir(exist_ok=True)
    (folder / "__init__.py").write_text("")
    (folder / "hot.py").write_text(source)
    return str(folder)


def _build(monkeypatch, tmp_path, folder: str) -> str:
    monkeypatch.setattr(native, "ROOT", str(tmp_path / "native"))
    where = native.build_dir("pkg", folder)
    os.makedirs(os.path.join(where, "modules"))
    open(os.path.join(where, "built"), "w").close()
    return where


def _alone(monkeypatch, tmp_path) -> tuple[str, str]:
    """A package of one hot module and a build of it, in tmp_path; native's records and sys.path restored after."""
    folder = _package(tmp_path, "X = 1\n")
    where = _build(monkeypatch, tmp_path, folder)
    monkeypatch.setattr(native, "ACTIVE", set())
    monkeypatch.setattr(native, "PACKAGES", dict(native.PACKAGES))
    monkeypatch.setattr(sys, "path", list(sys.path))
    return folder, where


def test_a_build_is_used_only_when_asked_and_only_for_its_sources(monkeypatch, tmp_path):
    folder, where = _alone(monkeypatch, tmp_path)
    for build, used in (("pure", False), ("auto", True), ("compiled", True)):
        monkeypatch.setenv(native.ENV, build)
        path = [folder]
        assert native.use("pkg", path, ("hot",)) is used
        assert path == ([os.path.join(where, "modules"), folder] if used else [folder])
    (tmp_path / "pkg" / "hot.py").write_text("X = 2\n")  # the sources changed: that build is not theirs
    monkeypatch.setenv(native.ENV, "auto")
    path = [folder]
    assert native.use("pkg", path, ("hot",)) is False and path == [folder]
    monkeypatch.setenv(native.ENV, "compiled")
    with pytest.raises(ImportError, match="no compiled build"):
        native.use("pkg", [folder], ("hot",))
    monkeypatch.setenv(native.ENV, "fast")
    with pytest.raises(ValueError):
        native.use("pkg", [folder], ("hot",))


def test_a_build_made_by_another_recipe_is_not_used(monkeypatch, tmp_path):
    """The C recipe (engine/native.py: CFLAGS, PROFILE_GUIDED) is part of a build's key, as its sources are."""
    folder, where = _alone(monkeypatch, tmp_path)
    monkeypatch.setenv(native.ENV, "auto")
    assert native.use("pkg", [folder], ("hot",)) is True
    for name, other in (("CFLAGS", (*native.CFLAGS, "-O2")), ("PROFILE_GUIDED", not native.PROFILE_GUIDED)):
        with monkeypatch.context() as m:
            m.setattr(native, name, other)
            assert native.build_dir("pkg", folder) != where
            path = [folder]
            assert native.use("pkg", path, ("hot",)) is False and path == [folder]
