"""Compiles the hot modules of every installed game's rules (engine/native.py) with mypyc.

    .venv/bin/python scripts/compile_engine.py [--force]

Each build goes to .venv/native/<package>-<key of its sources>/ (out of git), made once per
version of the sources: run again, it finds the build made and says so. A build that fails (a change
mypyc cannot compile) leaves <folder>.failed, and tests/test_native.py fails saying so. Without a C compiler (or
the Python headers) it builds nothing, says why and exits 0: the pure modules are the reference
and are used whenever there is no build. test.sh runs it before the suite (test_native.py
compares the two builds); run.sh's bot uses a build when there is one (ENGINE_BUILD=auto).

mypyc's C is compiled by engine/native.py's recipe (part of the build's key): with its CFLAGS, and when
PROFILE_GUIDED, twice: instrumented (gcc's -fprofile-generate), trained in a process of its own on the
package's own random games (`--train`, below: TRAIN_SECONDS of CPU time), then with the profile
(-fprofile-use -fprofile-partial-training: what the training did not run is optimised as without a profile).
About 3 times the plain build's CPU time (bench/engine.py's rules: 69 s instead of 28 s; JOBS packages are
built at once). Should the recipe fail (another compiler, a flag refused, the training stopped, no profile written),
the plain build is made instead, and the output says so; a package fails only when the plain build does too."""

import argparse
import multiprocessing
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.environ["ENGINE_BUILD"] = "pure"  # (importing the games here must not load a build being replaced)

from engine import native, registry, rng  # noqa: E402

JOBS = 2  # packages built at once, each in a process of its own (a package's C is one file: one core each)
TRAIN_SECONDS = 3.0  # the profile's training run, CPU time per package (on the instrumented build, ~1.3x slower)
PLAYOUT = ("new_game", "legal_actions", "advance", "is_over")  # a rules package with a playout step


def no_compiler() -> str | None:
    """Why nothing can be compiled here, or None."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "no Python headers (Python.h)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "no mypyc (it ships with mypy: pip install -e '.[dev]')"
    return None


def build(package: str, folder: str, modules: tuple[str, ...], where: str) -> str:
    """mypyc on the package's hot modules, compiled by the recipe (or plainly if the recipe fails), the result
    moved into `where` (all or nothing); how it was compiled, in words."""
    import warnings

    from mypyc.build import mypycify
    from setuptools import setup

    warnings.filterwarnings("ignore", module="setuptools")  # (its notes on pyproject.toml's beta tables)

    os.makedirs(native.ROOT, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="build-", dir=native.ROOT)
    try:
        paths = [os.path.relpath(os.path.join(folder, f"{m}.py"), ROOT) for m in modules]
        exts = mypycify(paths, opt_level="3", target_dir=os.path.join(tmp, "c"),
                        group_name=package.replace(".", "_"))
        mypycs = [list(e.extra_compile_args) for e in exts]
        obj = os.path.join(tmp, "obj")

        def compile_c(out: str, cflags: list[str], ldflags: list[str]) -> None:
            for e, flags in zip(exts, mypycs, strict=True):
                e.extra_compile_args = flags + cflags  # (after mypyc's and Python's: these win)
                e.extra_link_args = ldflags
            setup(name=package, ext_modules=exts, script_args=[
                "-q", "build_ext", "--force", "--build-lib", out, "--build-temp", obj])

        out = os.path.join(tmp, "out")
        try:
            how = recipe(package, modules, tmp, compile_c)
        except (Exception, SystemExit) as e:  # (setuptools exits on a compiler error)
            print(f"compile_engine: {package}: the recipe failed ({e!r}); the plain build instead", flush=True)
            shutil.rmtree(out, ignore_errors=True)
            compile_c(out, [], [])
            how = f"plainly (the recipe failed: {e!r})"
        done = os.path.join(tmp, "done")
        place(package, modules, out, done)
        with open(os.path.join(done, "built"), "a") as f:
            f.write(f"compiled {how}\n")
        if os.path.isdir(where):  # (--force, or another run got there first)
            shutil.rmtree(where)
        os.rename(done, where)
        return how
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def recipe(package: str, modules: tuple[str, ...], tmp: str, compile_c) -> str:
    """engine/native.py's recipe: the build in tmp/out, or an exception."""
    flags = list(native.CFLAGS)
    out = os.path.join(tmp, "out")
    if not native.PROFILE_GUIDED or not gcc():  # (clang's profiles are another format, merged by another tool)
        compile_c(out, flags, [])
        return f"with {' '.join(flags) or 'mypyc’s flags'}" + ("" if gcc() else ", not profile-guided (not gcc)")
    compile_c(os.path.join(tmp, "instrumented"), flags + ["-fprofile-generate"], ["-fprofile-generate"])
    trained = os.path.join(tmp, "trained")
    place(package, modules, os.path.join(tmp, "instrumented"), trained)
    run = subprocess.run([sys.executable, os.path.abspath(__file__), "--train", package, trained], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        raise RuntimeError(f"the training run stopped (exit status {run.returncode}): {run.stderr.strip()[-500:]}")
    profiles = [f for _, _, files in os.walk(os.path.join(tmp, "obj")) for f in files if f.endswith(".gcda")]
    if not profiles:
        raise RuntimeError("the training run wrote no profile (.gcda)")
    compile_c(out, flags + ["-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile"], [])
    return f"profile-guided ({run.stdout.strip()}), with {' '.join(flags)}"


def gcc() -> bool:
    """Whether Python's C compiler is gcc, whose profiles (.gcda) the recipe reads."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    try:
        said = subprocess.run([*cc, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "Free Software Foundation" in said and "clang" not in said


def place(package: str, modules: tuple[str, ...], out: str, done: str) -> None:
    """The compiled modules and the group's library, from setuptools' folder `out` to a build's layout in `done`."""
    os.makedirs(os.path.join(done, "modules"))
    os.makedirs(os.path.join(done, "lib"))
    inner = os.path.join(out, *package.split("."))
    for name in os.listdir(inner):
        shutil.move(os.path.join(inner, name), os.path.join(done, "modules", name))
    for name in os.listdir(out):
        if name.endswith(sysconfig.get_config_var("EXT_SUFFIX")):
            shutil.move(os.path.join(out, name), os.path.join(done, "lib", name))
    with open(os.path.join(done, "built"), "w") as f:
        f.write(" ".join(modules) + "\n")


def train(package: str, where: str) -> None:
    """The profile's training run (`--train PACKAGE DIR`, a process of its own: gcc writes the profile as it
    exits), on the instrumented build in DIR: random games of every game whose rules are in the package, for
    TRAIN_SECONDS of CPU time. Three in four on the playout step (advance: what simulations and the AIs'
    searches run), the others through apply (checked, copied, with events: a bot's click), the AIs of every
    level asked at one position of each (the slow ones on a small budget) for a quarter of the time at most."""
    os.environ[native.ENV] = "auto"
    trained = package

    def build_dir(package: str, folder: str) -> str:  # (the instrumented build; the other packages pure, none
        return where if package == trained else where + ".none"  # of their builds read while one is replaced)

    native.build_dir = build_dir
    games = [g for g in registry.games() if package.startswith(type(g.rules).__module__.rpartition(".")[0] + ".")]
    if package not in native.ACTIVE or not games:
        raise SystemExit(f"{package}: the instrumented build was not imported, or no game has these rules")
    rules = sys.modules[package]
    playout = all(hasattr(rules, f) for f in PLAYOUT)
    n = moves = 0
    thinking = 0.0
    start = time.process_time()
    while time.process_time() - start < TRAIN_SECONDS:
        for game in games:
            low, high = game.players
            options = {o.key: o.choices[(n + i) % len(o.choices)].value for i, o in enumerate(game.options)}
            config = game.rules.config(options, [f"P{i + 1}" for i in range(low + n % (high - low + 1))])
            picks: rng.Rng = {"rng": rng.seed_state(n + 1000)}
            if playout and n % 4:
                state, _ = rules.new_game(config, n)
                while not rules.is_over(state):
                    acts = rules.legal_actions(state)
                    rules.advance(state, acts[rng.below(picks, len(acts))])
                    moves += 1
            else:
                state, _ = game.rules.new_game(config, n)
                ask = n % 7
                while not game.rules.is_over(state):
                    acts = game.rules.legal_actions(state)
                    if moves % 40 == ask and thinking < TRAIN_SECONDS / 4:  # (the AIs: a quarter of it at most)
                        t = time.process_time()
                        seat = acts[0].player
                        view = game.rules.view_for(state, seat)
                        for level in game.ai_levels:
                            game.ai.choose(view, seat, level, n, 24 if level in game.slow_levels else None)
                        thinking += time.process_time() - t
                    done = game.rules.apply(state, acts[rng.below(picks, len(acts))].id)
                    assert done.ok, done.reason
                    state = done.state
                    moves += 1
        n += 1
    print(f"trained on {n * len(games)} random games, {moves} moves, in {time.process_time() - start:.1f} s, "
          f"{thinking:.1f} s of it the AIs'")


def _forget_others(package: str, where: str) -> None:
    """Removes the builds (and failed builds) of other versions of the package's sources."""
    if not os.path.isdir(native.ROOT):
        return
    for name in os.listdir(native.ROOT):
        path = os.path.join(native.ROOT, name)
        if name.startswith(package + "-") and path not in (where, where + ".failed"):
            if os.path.isdir(path):
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.remove(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--force", action="store_true", help="build again even when a build of these sources exists")
    ap.add_argument("--train", nargs=2, metavar=("PACKAGE", "DIR"), help=argparse.SUPPRESS)  # (recipe's own)
    args = ap.parse_args(argv)
    if args.train:
        train(*args.train)
        return 0
    os.chdir(ROOT)  # (mypyc names the modules by their paths from here)
    registry.games()  # (importing every game: each rules package tells native.use its hot modules)
    todo = []
    for package, (folder, modules) in sorted(native.PACKAGES.items()):
        where = native.build_dir(package, folder)
        _forget_others(package, where)
        if os.path.isfile(os.path.join(where, "built")) and not args.force:
            print(f"compile_engine: {package}: built for these sources ({os.path.relpath(where, ROOT)})")
            continue
        todo.append((package, folder, modules, where))
    why = no_compiler() if todo else None
    if why:
        print(f"compile_engine: nothing compiled: {why}; the pure Python modules are used")
        return 0
    jobs = min(JOBS, os.cpu_count() or 1, len(todo))
    sys.stdout.flush()  # (before the fork: what is buffered would be printed by each process)
    if jobs <= 1:
        for job in todo:
            make(*job)
    else:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            list(pool.map(make, *zip(*todo, strict=True)))
    return 0


def make(package: str, folder: str, modules: tuple[str, ...], where: str) -> None:
    """One package's build, said; <folder>.failed if it fails."""
    t = time.perf_counter()
    failed = where + ".failed"
    try:
        how = build(package, folder, modules, where)
    except (Exception, SystemExit) as e:  # (setuptools exits on a compiler error): test_native.py fails on it
        os.makedirs(native.ROOT, exist_ok=True)
        with open(failed, "w") as f:
            f.write(f"{type(e).__name__}: {e}\n")
        print(f"compile_engine: {package}: the build failed ({e!r}; mypyc's and the compiler's words above); "
              "the pure Python modules are used", flush=True)
        return
    if os.path.exists(failed):
        os.remove(failed)
    print(f"compile_engine: {package}: {len(modules)} modules compiled in {time.perf_counter() - t:.0f} s, {how} "
          f"({os.path.relpath(where, ROOT)})", flush=True)


if __name__ == "__main__":
    sys.exit(main())
