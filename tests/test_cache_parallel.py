"""The cache (a warm run lints nothing; an edit re-lints the file and its dependents) and
parallel workers (same results as one process)."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import pytest

import torchlint.lint.run as run
from torchlint.lint.run import lint_files

from .cli_helpers import run_cli
from .semantic_helpers import NORMALIZING_MODEL, write_project

PROJECT = {
    "proj/__init__.py": "",
    "proj/base.py": """
        import torch
        from torch import nn

        class Base(nn.Module):
            pass
    """,
    "proj/model.py": """
        import torch
        from proj.base import Base

        class Net(Base):
            def forward(self, x):
                print("shape", x.shape)
                return x.relu()
    """,
    "proj/train.py": """
        import torch

        def log(value):
            print(value)
    """,
}


@pytest.fixture
def linted(monkeypatch):
    """Counts the files each run really lints (cache misses)."""
    calls: list[str] = []
    original = run._lint_planned

    def counting(number):
        calls.append(run._RUN[0][number].path)
        return original(number)

    monkeypatch.setattr(run, "_lint_planned", counting)
    return calls


def _findings(results):
    return sorted(
        (r.path.rsplit("/", 1)[-1], d.line, d.code) for r in results for d in r.diagnostics
    )


def test_warm_run_lints_nothing_and_returns_the_same(tmp_path, linted):
    paths = write_project(tmp_path / "src", PROJECT)
    files = [str(p) for p in paths.values()]
    cache = str(tmp_path / "cache")
    cold = lint_files(files, cache_dir=cache)
    assert len(linted) == len(files)
    linted.clear()
    warm = lint_files(files, cache_dir=cache)
    assert linted == []
    assert _findings(warm) == _findings(cold)
    assert ("model.py", 6, "TL301") in _findings(warm)
    # The code frames' lines come from the cache, as the cold run kept them.
    assert [r.lines for r in warm] == [r.lines for r in cold]
    assert any("print(" in line for r in warm for line in r.lines.values())


def test_editing_a_base_class_relints_its_dependents_only(tmp_path, linted):
    paths = write_project(tmp_path / "src", PROJECT)
    files = [str(p) for p in paths.values()]
    cache = str(tmp_path / "cache")
    lint_files(files, cache_dir=cache)
    linted.clear()
    # Base is no longer an nn.Module: Net.forward is not graph code any more.
    paths["proj/base.py"].write_text("class Base:\n    pass\n")
    results = lint_files(files, cache_dir=cache)
    assert sorted(p.rsplit("/", 1)[-1] for p in linted) == ["base.py", "model.py"]
    assert ("model.py", 6, "TL301") not in _findings(results)


def test_removing_a_package_init_relints_the_files_it_named(tmp_path, linted):
    # proj.base becomes module base: the cached summaries name modules that no longer exist.
    paths = write_project(tmp_path / "src", PROJECT)
    files = [str(p) for name, p in paths.items() if name != "proj/__init__.py"]
    cache = str(tmp_path / "cache")
    lint_files(files, cache_dir=cache)
    paths["proj/__init__.py"].unlink()
    linted.clear()
    cached = lint_files(files, cache_dir=cache)
    assert sorted(linted) == sorted(files)
    assert _findings(cached) == _findings(lint_files(files))


@pytest.mark.parametrize("selection", [[], ["--ignore", "TL4,TL302", "--extend-select", "TL3"]])
def test_a_warm_run_loads_neither_libcst_nor_a_rule(tmp_path, selection):
    # A cached run only reads, hashes and compares: the parser, the semantic model and the
    # rules (a third of a second to import) are loaded only for files that need linting.
    # Selectors are checked against the built-in rules' generated catalogue.
    write_project(tmp_path / "src", PROJECT)
    command = [sys.executable, "-X", "importtime", "-m", "torchlint", "check", "src", *selection]
    command += ["--output-format", "json", "--cache-dir", "cache"]
    cold = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    warm = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "libcst" in cold.stderr  # what -X importtime lists: the check itself can fail
    imported = [line.rsplit("|", 1)[-1].strip() for line in warm.stderr.splitlines()]
    assert not [m for m in imported if m.startswith(("libcst", "torchlint.rules."))]
    assert json.loads(warm.stdout)["diagnostics"] == json.loads(cold.stdout)["diagnostics"]
    assert "TL301" in warm.stdout


def test_a_file_first_read_lazily_is_then_linted_by_a_relative_path(tmp_path, monkeypatch):
    extra = {f"proj/extra{n}.py": "import torch\n" for n in range(3)}
    paths = write_project(tmp_path / "src", {**PROJECT, **extra})
    cache = str(tmp_path / "cache")
    # base.py is read lazily (through model.py's import): its summary is cached by its
    # absolute path, and the next run, in two workers, names it relative to the working
    # directory (the parent stores what the workers linted under the names it was given).
    lint_files([str(paths["proj/model.py"])], cache_dir=cache)
    monkeypatch.chdir(tmp_path / "src")
    results = lint_files(sorted(paths), cache_dir=cache, jobs=2)
    assert not [e for r in results for e in r.errors]
    assert ("model.py", 6, "TL301") in _findings(results)


def test_corrupt_cache_entries_are_misses(tmp_path, linted):
    paths = write_project(tmp_path / "src", PROJECT)
    files = [str(p) for p in paths.values()]
    cache = tmp_path / "cache"
    expected = _findings(lint_files(files, cache_dir=str(cache)))
    for entry in cache.glob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    linted.clear()
    assert _findings(lint_files(files, cache_dir=str(cache))) == expected
    assert len(linted) == len(files)


def test_parallel_workers_give_the_serial_results(tmp_path):
    files = {}
    for number in range(12):
        files[f"pkg/m{number}.py"] = f"""
            import torch
            from torch import nn

            class Net{number}(nn.Module):
                def forward(self, x):
                    print({number})
                    if x.sum() > {number}:
                        return x
                    return x.item()
        """
    paths = write_project(tmp_path, files)
    names = [str(p) for p in paths.values()]
    serial = lint_files(names, jobs=1)
    parallel = lint_files(names, jobs=2)
    assert _findings(parallel) == _findings(serial)
    assert len(_findings(serial)) >= 36


def test_cli_cache_and_jobs_options(tmp_path):
    paths = write_project(tmp_path / "src", PROJECT)
    cache = tmp_path / "cli-cache"
    args = ["check", str(tmp_path / "src"), "--output-format", "json", "--cache-dir", str(cache)]
    first = run_cli(args + ["-j", "2"])
    assert any(cache.glob("*.pickle"))
    second = run_cli(args)
    assert json.loads(first.stdout)["diagnostics"] == json.loads(second.stdout)["diagnostics"]
    uncached = run_cli(["check", str(tmp_path / "src"), "--output-format", "json", "--no-cache"])
    assert json.loads(uncached.stdout)["diagnostics"] == json.loads(first.stdout)["diagnostics"]
    assert paths  # the project was written


CROSS_FILE = {
    "pkg/__init__.py": "",
    "pkg/helpers.py": """
        def normalize(x, eps):
            scale = x.abs().max()
            if scale > eps:
                return x / scale
            return x
    """,
    "pkg/model.py": NORMALIZING_MODEL,
}


def test_kinds_cross_files_both_ways(tmp_path):
    paths = write_project(tmp_path, CROSS_FILE)
    found = _findings(lint_files([str(p) for p in paths.values()]))
    # x is a tensor in the helper because forward passes one; eps is a float constant.
    assert ("helpers.py", 3, "TL101") in found
    # normalize returns a tensor, so the branch on y.sum() in forward is data-dependent.
    assert ("model.py", 8, "TL101") in found


def test_entries_made_by_other_analysis_code_are_not_reused(tmp_path, linted):
    paths = write_project(tmp_path / "src", PROJECT)
    files = [str(p) for p in paths.values()]
    cache = str(tmp_path / "cache")
    lint_files(files, cache_dir=cache)
    for entry in (tmp_path / "cache").glob("*.pickle"):
        loaded = pickle.loads(entry.read_bytes())
        loaded.code = "made-by-an-older-torchlint"
        entry.write_bytes(pickle.dumps(loaded))
    linted.clear()
    lint_files(files, cache_dir=cache)
    assert len(linted) == len(files)


LAYERED = {
    "pkg/__init__.py": "",
    "pkg/util.py": """
        def scale(x, factor):
            return x * factor
    """,
    "pkg/block.py": """
        from pkg.util import scale

        def block(x):
            if x.sum() > 0:
                return scale(x, 2.0)
            return x
    """,
    "pkg/model.py": """
        from torch import nn
        from pkg.block import block

        class Net(nn.Module):
            def forward(self, x):
                return block(x)
    """,
}


def test_files_are_linted_callers_first(tmp_path):
    from torchlint.lint.semantic.index import ProjectIndex

    paths = write_project(tmp_path, LAYERED)
    index = ProjectIndex()
    for path in paths.values():
        index.add_source(str(path), path.read_text())
    ordered, called = index.callers_first(["pkg.util", "pkg.block", "pkg.model", "pkg"])
    # model calls block, block calls util: each caller before its callee; the package
    # __init__ (no graph code) keeps its place among the files nobody calls.
    assert ordered.index("pkg.model") < ordered.index("pkg.block") < ordered.index("pkg.util")
    assert called == {"pkg.block", "pkg.util"}
    # Serial and two-phase parallel runs find the same: block's x is a tensor from forward.
    # (Files nobody calls, enough for workers: then block and util, with what they found.)
    for number in range(3):
        write_project(tmp_path, {f"pkg/other{number}.py": "import torch\n"})
    files = [str(p) for p in paths.values()] + [
        str(tmp_path / "pkg" / f"other{number}.py") for number in range(3)
    ]
    serial = _findings(lint_files(files))
    assert ("block.py", 4, "TL101") in serial
    assert _findings(lint_files(files, jobs=2)) == serial


TWO_HOPS = {
    "pkg/__init__.py": "",
    "pkg/net.py": """
        from torch import nn
        from pkg.relay import relay

        class Net(nn.Module):
            def forward(self, t):
                return relay(t)
    """,
    "pkg/relay.py": """
        from pkg.check import check

        def relay(v):
            return check(v)
    """,
    "pkg/check.py": """
        def check(q):
            if q > 0:
                return q
            return -q
    """,
}


@pytest.mark.parametrize(
    "project, caller, before, after, callee",
    [
        # The caller passes a size, not a tensor: the helper's branch is no longer on data.
        (CROSS_FILE, "pkg/model.py", "(x, 1e-6)", "(x.shape[0], 1e-6)", ("helpers.py", 3)),
        # Two calls away: forward's tensor reaches check through relay; neither is edited.
        (TWO_HOPS, "pkg/net.py", "relay(t)", "relay(t.shape[0])", ("check.py", 2)),
    ],
    ids=["one-call", "two-calls"],
)
def test_editing_a_caller_relints_the_callees_it_passes_tensors_to(
    tmp_path, linted, project, caller, before, after, callee
):
    paths = write_project(tmp_path, project)
    files = [str(p) for p in paths.values()]
    cache = str(tmp_path / "cache")
    assert (*callee, "TL101") in _findings(lint_files(files, cache_dir=cache))
    edited = paths[caller]
    edited.write_text(edited.read_text().replace(before, after))
    linted.clear()
    warm = _findings(lint_files(files, cache_dir=cache))
    assert any(p.endswith(callee[0]) for p in linted)
    assert (*callee, "TL101") not in warm
    assert warm == _findings(lint_files(files))


def test_the_rules_data_tables_are_part_of_the_analysis_code():
    """Regenerating ``rules/torchscript_tables.json`` changes what rules report: cached
    results made with the old table must not be reused."""
    from torchlint.lint import cache

    names = {os.path.basename(f) for f in cache._analysis_files()}
    assert "torchscript_tables.json" in names
    assert "dynamo_tables.json" in names


OVERRIDDEN_BASE = {
    "pkg/__init__.py": "",
    "pkg/base.py": """
        import torch
        from torch import nn

        class Coupling(nn.Module):
            def forward(self, x):
                return self.transform(x.exp())

            def transform(self, h):
                return h
    """,
}
OVERRIDE = """
    from pkg.base import Coupling

    class Gated(Coupling):
        def transform(self, h):
            if h.sum() > 0:
                return h * 2
            return h
"""


def test_a_new_subclass_override_takes_the_kinds_of_a_cached_base(tmp_path, linted):
    # The cached base's forward is reached on the new subclass: its `self.transform(...)`
    # passes a tensor into the override, so the base is analysed again, not taken from cache.
    paths = write_project(tmp_path, OVERRIDDEN_BASE)
    cache = str(tmp_path / "cache")
    lint_files([str(p) for p in paths.values()], cache_dir=cache)
    paths.update(write_project(tmp_path, {"pkg/gated.py": OVERRIDE}))
    files = [str(p) for p in paths.values()]
    warm = _findings(lint_files(files, cache_dir=cache))
    assert ("gated.py", 5, "TL101") in warm
    assert warm == _findings(lint_files(files))


def test_workers_lint_fixed_shares_so_runs_agree():
    from torchlint.lint.run import worker_shares

    shares = worker_shares(range(3, 10), 2)
    # Every file once, each share in the callers-first order, and the same split every time:
    # a worker's models carry what its earlier files found, so the split must not depend on
    # which worker happens to be free.
    assert shares == [[3, 5, 7, 9], [4, 6, 8]]
    assert worker_shares(range(3, 10), 2) == shares


LIBRARY_CALLER = """
import torch
import fakelib


class Net(torch.nn.Module):
    def forward(self, x):
        return fakelib.scale(x, 2.0)


scripted = torch.jit.script(Net())
"""


def test_upgrading_an_installed_library_relints_its_callers(tmp_path, monkeypatch, linted):
    # TL209 reads an installed function's source (TorchScript compiles it): a cached result
    # made from one version of the library is stale once another is installed.
    site = tmp_path / "site-packages"
    (site / "fakelib").mkdir(parents=True)
    library = site / "fakelib" / "__init__.py"
    library.write_text("def scale(x, factor):\n    return x * factor\n")
    monkeypatch.syspath_prepend(str(site))
    model = tmp_path / "src" / "model.py"
    model.parent.mkdir()
    model.write_text(LIBRARY_CALLER)
    cache = str(tmp_path / "cache")

    def tl209_lines():
        results = lint_files([str(model)], cache_dir=cache)
        return [d.line for r in results for d in r.diagnostics if d.code == "TL209"]

    assert tl209_lines() == []
    linted.clear()
    assert tl209_lines() == []
    assert linted == []  # warm: nothing re-linted
    # The new version takes keyword-only arguments, which TorchScript rejects.
    library.write_text("def scale(x, factor, *, inplace=False):\n    return x * factor\n")
    os.utime(library, ns=(1, 1))  # a different stamp even within the file system's resolution
    assert tl209_lines() == [8]
    assert linted == [str(model)]
    linted.clear()
    assert tl209_lines() == [8]
    assert linted == []
