"""Compiled builds of a game's hot modules: optional, never the reference.

A game's rules package names its hot modules at the top of its __init__, before importing them:

    NATIVE = ("flow", "turn")
    native.use(__name__, __path__, NATIVE)

scripts/compile_engine.py compiles them with mypyc (it ships with mypy) into .venv/native/, in a
folder keyed by the package's sources, the Python and the mypyc version and the C recipe (build_dir), so a
build made for other sources, or made another way, is never picked up. The pure modules stay the
reference: the compiled ones must play byte-identical games (tests/test_native.py), and a machine
without a C compiler simply has none. Which build is imported is said by the environment, ENGINE_BUILD:

    pure      the pure modules (the default: the test suite, tools)
    auto      the compiled build when there is one for these sources, else the pure modules (run.sh)
    compiled  the compiled build, or ImportError (tests/test_native.py's runs)"""

import hashlib
import os
import sys
import sysconfig

ENV = "ENGINE_BUILD"
ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".venv", "native")

PACKAGES: dict[str, tuple[str, tuple[str, ...]]] = {}  # package -> (its folder, its hot modules): what use() saw
ACTIVE: set[str] = set()  # the packages imported from their compiled build

# How scripts/compile_engine.py compiles mypyc's C (after mypyc's own flags, -O3): profile-guided (compiled
# instrumented, trained on the package's own random games, compiled again with the profile: ~6 % more games/s
# on bench/engine.py's random games), calling libpython through the GOT rather than the PLT (-fno-plt: ~2 %),
# and free to inline one compiled function into another (-fno-semantic-interposition: ~4 % with the profile,
# which finds the calls worth it; nothing without); the README of the rules bench/engine.py times has the
# figures and what did not help. Part of a build's key: a build made another way is not reused.
PROFILE_GUIDED = True
CFLAGS = ("-fno-plt", "-fno-semantic-interposition")


def mode() -> str:
    m = os.environ.get(ENV, "pure") or "pure"
    if m not in ("pure", "auto", "compiled"):
        raise ValueError(f"{ENV}={m!r}: expected pure, auto or compiled")
    return m


def source_key(folder: str) -> str:
    """What a build depends on: every Python source of the package (the compiled modules were typed
    against all of them), the Python version and ABI, mypyc's version and the C recipe."""
    h = hashlib.sha256()
    h.update(f"{sys.version}|{sysconfig.get_config_var('EXT_SUFFIX')}|{_mypyc_version()}".encode())
    h.update(f"|{PROFILE_GUIDED}|{' '.join(CFLAGS)}".encode())
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py"):
            h.update(name.encode() + b"\0")
            with open(os.path.join(folder, name), "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:16]


def _mypyc_version() -> str:
    try:
        from importlib.metadata import version
        return version("mypy")
    except Exception:  # no mypy: no build can be made or used
        return "none"


def build_dir(package: str, folder: str) -> str:
    """Where the build of `package` (its sources in `folder`) is, or would be, kept."""
    return os.path.join(ROOT, f"{package}-{source_key(folder)}")


def use(package: str, path: list[str], modules: tuple[str, ...]) -> bool:
    """Puts the compiled build of `package` first on its __path__ when ENGINE_BUILD asks for it and one
    exists for the current sources (its modules found there before the pure ones); True if it did."""
    folder = path[-1]
    PACKAGES[package] = (folder, modules)
    m = mode()
    if m == "pure":
        return False
    where = build_dir(package, folder)
    if not os.path.isfile(os.path.join(where, "built")):
        if m == "compiled":
            raise ImportError(f"{ENV}=compiled: no compiled build of {package} for these sources "
                              f"(run scripts/compile_engine.py; it needs a C compiler)")
        return False
    lib = os.path.join(where, "lib")
    if lib not in sys.path:
        sys.path.append(lib)  # (the build's shared library, which each compiled module imports by name)
    path.insert(0, os.path.join(where, "modules"))
    ACTIVE.add(package)
    return True
