"""Compiles the hot modules of every installed game's rules (engine/native.py) with mypyc.

    .venv/bin/python scripts/compile_engine.py [--force]

Each build goes to .venv/native/<package>-<key of its sources>/ (out of git), made once per
version of the sources: run again, it finds the build made and says so. A build that fails (a change
mypyc cannot compile) leaves <folder>.failed, and tests/test_native.py fails saying so. Without a C compiler (or
the Python headers) it builds nothing, says why and exits 0: the pure modules are the reference
and are used whenever there is no build. test.sh runs it before the suite (test_native.py
compares the two builds); run.sh's bot uses a build when there is one (ENGINE_BUILD=auto)."""

import argparse
import os
import shutil
import sys
import sysconfig
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.environ["ENGINE_BUILD"] = "pure"  # (importing the games here must not load a build being replaced)

from engine import native, registry  # noqa: E402


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


def build(package: str, folder: str, modules: tuple[str, ...], where: str) -> None:
    """mypyc on the package's hot modules, the result moved into `where` (all or nothing)."""
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
        out = os.path.join(tmp, "out")
        setup(name=package, ext_modules=exts, script_args=[
            "-q", "build_ext", "--build-lib", out, "--build-temp", os.path.join(tmp, "obj")])
        done = os.path.join(tmp, "done")
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
        if os.path.isdir(where):  # (--force, or another run got there first)
            shutil.rmtree(where)
        os.rename(done, where)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


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
    args = ap.parse_args(argv)
    os.chdir(ROOT)  # (mypyc names the modules by their paths from here)
    registry.games()  # (importing every game: each rules package tells native.use its hot modules)
    for package, (folder, modules) in sorted(native.PACKAGES.items()):
        where = native.build_dir(package, folder)
        _forget_others(package, where)
        if os.path.isfile(os.path.join(where, "built")) and not args.force:
            print(f"compile_engine: {package}: built for these sources ({os.path.relpath(where, ROOT)})")
            continue
        why = no_compiler()
        if why:
            print(f"compile_engine: nothing compiled: {why}; the pure Python modules are used")
            return 0
        t = time.perf_counter()
        failed = where + ".failed"
        try:
            build(package, folder, modules, where)
        except (Exception, SystemExit) as e:  # (setuptools exits on a compiler error): test_native.py fails on it
            os.makedirs(native.ROOT, exist_ok=True)
            with open(failed, "w") as f:
                f.write(f"{type(e).__name__}: {e}\n")
            print(f"compile_engine: {package}: the build failed ({e!r}; mypyc's and the compiler's words above); "
                  "the pure Python modules are used")
            continue
        if os.path.exists(failed):
            os.remove(failed)
        print(f"compile_engine: {package}: {len(modules)} modules compiled in {time.perf_counter() - t:.0f} s "
              f"({os.path.relpath(where, ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
