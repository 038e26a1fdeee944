"""Do safe fixes keep behaviour? Fix a copy of some code with the safe fixes only, run the
original and the fixed copy side by side with real torch (CPU), and compare.

Each PATH is a folder of model files (each defines ``Model``, an ``nn.Module`` built without
arguments, and ``inputs()``, a list of argument tuples) or a package (a folder with
``__init__.py``; its ``nn.Module`` subclasses that build without arguments and run on one of a
few input shapes are the models, found by running the original code). Both copies run in their
own child process, seeded the same way. For every model and every back-end (eager, then
``torch.jit.script``, ``torch.jit.trace`` on the first input, ``torch.compile(fullgraph=True,
backend="eager")`` and ``torch.export.export``), the fixed copy must work wherever the original
worked and give exactly the original's outputs on every input (or reject the same inputs:
export's shape guards). ``check`` of the fixed copy must
report no code the original did not have (per file). The fixes are those of ``torchlint fix``
with every rule selected and every back-end targeted (``--select TL --target
script,trace,compile,export``): the widest set of safe fixes.

Usage: python benchmarks/fix_safety.py PATH [PATH ...] [--unsafe] [--limit N] [--timeout S]
       [--factory MODULE:FUNCTION --model NAME ... [--shape 1,3,224,224]]
       python benchmarks/fix_safety.py --corpus NAME [--corpus NAME ...] [--unsafe] [--limit N]
``--factory`` builds named models of a package (``--factory timm:create_model --model
resnet10t``) instead of discovering its classes; the package's folder is PATH.
``--corpus`` takes an accuracy corpus (``benchmarks/accuracy/corpus_NAME.py``, its packages
installed by ``benchmarks/accuracy/setup_env.sh``): the copies are its packages, fixed together
(one index, as ``torchlint fix`` over site-packages), and the models are the corpus's own, built
by its builders (in eval or train mode, as its names say) and fed its inputs (two sizes and a
second draw of the first), run with the accuracy environment's Python.
Prints per model and back-end: ``same``, ``both fail``, ``repaired`` (only the fixed copy
works), ``BROKEN`` (only the original works) or ``DIFFERS`` (outputs differ); then the fixes
applied, the new codes, and the totals. Exit status 1 when anything is BROKEN, DIFFERS or new.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from torchlint.lint.diagnostics import TARGETS
from torchlint.lint.fix_files import fix_paths
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

BACKENDS = ("eager", "script", "trace", "compile", "export")
# Input shapes a discovered model is tried with, in order (the first that runs is kept).
CANDIDATE_SHAPES = ((2, 3, 32, 32), (2, 16), (2, 8, 16), (2, 4, 8, 8, 8), (2, 3, 64))
SETTINGS = Settings(select=("TL",), targets=TARGETS, targets_explicit=True)


# What a copy of the code leaves out: Python's byte-code caches.
NOT_SOURCE = shutil.ignore_patterns("__pycache__", "*.pyc")
# A probe file's model: `class Model(...)` or a module-level `Model = SomeModule`.
MODEL_BINDING = re.compile(r"^(class Model\(|Model = )", re.MULTILINE)


@dataclass
class Factory:
    """Models a package builds by name (``timm:create_model`` with ``resnet10t``), fed one shape."""

    spec: str
    names: list[str]
    shape: list[int]


@dataclass
class FixedTree:
    """A folder and its safely fixed copy: what was applied and which codes are new."""

    original: Path
    fixed: Path
    applied: Counter = field(default_factory=Counter)  # code -> fixes applied
    new_codes: dict[str, list[str]] = field(default_factory=dict)  # file -> codes
    dropped: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # files the fixes changed, relative


def _python_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts)


def _codes_by_file(paths: list[str], settings: Settings) -> dict[str, set[str]]:
    """Every code ``check`` reports per file (the CLI's pipeline: one index of all the files)."""
    return {r.path: {d.code for d in r.diagnostics} for r in lint_files(paths, settings)}


def fix_tree(
    source: Path, workdir: Path, *, unsafe: bool = False, settings: Settings = SETTINGS
) -> FixedTree:
    """Copy ``source`` to ``workdir/original`` and ``workdir/fixed``; fix the second as
    ``torchlint fix`` does (safe fixes only, unless ``unsafe``), and lint it before and after."""
    original = workdir / "original" / source.name
    fixed = workdir / "fixed" / source.name
    shutil.copytree(source, original, ignore=NOT_SOURCE)
    shutil.copytree(source, fixed, ignore=NOT_SOURCE)
    return _fix_copy(FixedTree(original, fixed), unsafe=unsafe, settings=settings)


def _fix_copy(tree: FixedTree, *, unsafe: bool, settings: Settings) -> FixedTree:
    """Fix ``tree.fixed`` in place, recording what was applied and the codes that are new."""
    fixed = tree.fixed
    paths = [str(path) for path in _python_files(fixed)]
    before = _codes_by_file(paths, settings)
    for item in fix_paths(paths, settings, unsafe=unsafe):
        if item.outcome is not None:
            if item.outcome.changed:
                tree.changed.append(str(Path(item.path).relative_to(fixed)))
            tree.applied.update(fix.code for fix in item.outcome.applied)
            name = Path(item.path).name
            tree.dropped.extend(
                f"{name}:{d.line} {d.code} {d.reason}" for d in item.outcome.dropped
            )
    after = _codes_by_file(paths, settings)
    for path, codes in after.items():
        extra = codes - before.get(path, set())
        if extra:
            tree.new_codes[str(Path(path).relative_to(fixed))] = sorted(extra)
    return tree


# -- the child process: build each model, run it under each back-end, save the outputs ---------
WORKER = r"""
import contextlib, dataclasses, io, importlib, importlib.util, inspect, json, logging, pkgutil, random, sys, warnings
root, out, mode, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
specs = json.loads(sys.argv[5])
shapes = json.loads(sys.argv[6])
sys.path.insert(0, root)
warnings.simplefilter("ignore")
import torch
from torch import nn
# Memory a converted model leaves unwritten (a trace fills a torch.empty only as far as its
# example's length ran) reads as NaN / the largest integer in both copies, not as whatever the
# allocator last held there: garbage differing between the copies is no difference of the fix.
torch.use_deterministic_algorithms(True, warn_only=True)
try:
    import numpy
except ImportError:
    numpy = None

def seed(n):
    # Code under test may draw from torch, random or numpy: every copy draws the same numbers.
    torch.manual_seed(n)
    random.seed(n)
    if numpy is not None:
        numpy.random.seed(n)

def build(module_name, class_name):
    seed(0)
    module = importlib.import_module(module_name)
    if class_name == "Model" and not hasattr(module, "Model") and hasattr(module, "fn"):
        return module.fn  # a probe of a function: the back-ends take it as it is
    model = getattr(module, class_name)()
    return model.eval()

class FunctionModule(nn.Module):
    # torch.export converts modules only: a function probe runs as this module's forward.
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)

CORPORA = {}
KINDS = {}

def corpus_of(spec):
    # An accuracy corpus module (its builders, inputs and call keywords) and the ground-truth
    # runner's wrapper: positional tensors in, a flat tuple out, as the ground truth ran it.
    path = spec["corpus"]
    if path not in CORPORA:
        folder = path.rsplit("/", 1)[0]
        if folder not in sys.path:
            sys.path.append(folder)
        loaded = []
        for name, file in (("accuracy_corpus", path), ("accuracy_ground_truth", spec["runner"])):
            module_spec = importlib.util.spec_from_file_location(name, file)
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[name] = module
            module_spec.loader.exec_module(module)
            loaded.append(module)
        CORPORA[path] = loaded
    return CORPORA[path]

def build_spec(spec):
    if "corpus" in spec:
        corpus, runner = corpus_of(spec)
        seed(0)
        model, kind = corpus.build(spec["cls"])
        KINDS[spec["cls"]] = kind
        names = list(corpus.make_inputs(kind, *corpus.SHAPES[0], seed=1))
        wrapper = runner._make_wrapper(model, names, corpus.CALL_KWARGS)
        # TorchScript takes the corpus's model itself (the wrapper's *args it cannot compile),
        # called with the keywords the wrapper would pass.
        wrapper.keyword_call = (names, corpus.CALL_KWARGS, runner._flatten)
        return wrapper
    if "factory" not in spec:
        return build(spec["module"], spec["cls"])
    # A named model of a package's factory (``timm:create_model`` with ``resnet10t``).
    seed(0)
    module_name, function = spec["factory"].split(":")
    return getattr(importlib.import_module(module_name), function)(spec["cls"]).eval()

def inputs_for(module_name, spec):
    seed(1)
    if "corpus" in spec:
        corpus, _ = corpus_of(spec)
        kind = KINDS[spec["cls"]]
        (batch, seq), (batch_b, seq_b) = corpus.SHAPES
        drawn = [(batch, seq, 1), (batch_b, seq_b, 2), (batch, seq, 3)]
        return [tuple(corpus.make_inputs(kind, b, n, seed=k).values()) for b, n, k in drawn]
    if spec.get("shape"):
        return [(torch.randn(*spec["shape"]),), (torch.randn(*spec["shape"]),)]
    runs = [tuple(i) for i in importlib.import_module(module_name).inputs()]
    if spec.get("extra"):
        # One more input shaped like the first, new values: what export's shape guards accept.
        runs.append(tuple(torch.randn_like(a) if torch.is_tensor(a) and a.is_floating_point() else a for a in runs[0]))
    return runs

def fresh(args):
    # A model may change its inputs in place: every call gets its own copy.
    return tuple(a.clone() if torch.is_tensor(a) else a for a in args)

class BreakLog(logging.Handler):
    # Dynamo's graph_breaks log: it also names the breaks explain and the counter leave out
    # (on a frame's first operation, or an implicit .item() of a tensor slice bound).
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []
    def emit(self, record):
        first = record.getMessage().splitlines()[0]
        if first.startswith("Graph break in user code") and "/torch/" not in first:
            self.lines.append(first)

def fresh_state():
    # What a model compiled first thing sees: no Dynamo cache, and no kl_divergence memo of
    # the pairs the eager run looked up (the lookup of a new pair is what Dynamo refuses).
    import torch.distributions.kl
    torch._dynamo.reset()
    torch.distributions.kl._KL_MEMOIZE.clear()

def graph_breaks(model, args):
    # Plain torch.compile's breaks: explain's reasons, those only Dynamo's counter has, and
    # those only its graph_breaks log has.
    from torch._dynamo.utils import counters
    fresh_state()
    counters.clear()
    log = BreakLog()
    loggers = [logging.getLogger(n) for n in ("torch", "torch._dynamo")]
    torch._logging.set_logs(graph_breaks=True)
    for logger in loggers:
        logger.addHandler(log)
    try:
        explanation = torch._dynamo.explain(model)(*fresh(args))
        reasons = [str(getattr(b, "reason", b)).splitlines()[0] for b in explanation.break_reasons]
        reasons += [str(r).splitlines()[0] for r in counters["graph_break"] if str(r).splitlines()[0] not in reasons]
        if not reasons:
            reasons = sorted(set(log.lines))
        return reasons
    except Exception as exc:
        return [f"{type(exc).__name__}: {str(exc).strip()[:200]}"]
    finally:
        for logger in loggers:
            logger.removeHandler(log)
        torch._logging.set_logs()
        torch._dynamo.reset()

def discover(package, first):
    # The modules the fixes changed come first, so that --limit keeps their models.
    found = []
    modules = [importlib.import_module(package)]
    path = modules[0].__path__
    for info in pkgutil.walk_packages(path, package + "."):
        try:
            modules.append(importlib.import_module(info.name))
        except Exception:
            continue
    modules.sort(key=lambda m: m.__name__ not in first)
    seen = set()
    for module in modules:
        for name, value in sorted(vars(module).items()):
            if not (inspect.isclass(value) and issubclass(value, nn.Module)):
                continue
            if value.__module__ != module.__name__ or id(value) in seen or inspect.isabstract(value):
                continue
            seen.add(id(value))
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    model = build(module.__name__, name)
            except Exception:
                continue
            for shape in shapes:
                try:
                    with torch.no_grad(), contextlib.redirect_stdout(io.StringIO()):
                        out = model(torch.randn(*shape))
                except Exception:
                    continue
                if isinstance(out, torch.Tensor) and out.is_floating_point():
                    found.append({"module": module.__name__, "cls": name, "shape": list(shape)})
                break
            if len(found) >= limit:
                return found
    return found

def plain(value):
    # What torch.save can always keep: tensors, lists, dicts; anything else by its repr.
    if isinstance(value, torch.Tensor):
        if isinstance(value, torch._subclasses.fake_tensor.FakeTensor):
            return "<FakeTensor>"  # a converted model that leaked one (export of torch.func)
        # A subclass of the package's (pypose's LieTensor) as a plain tensor of its values:
        # the comparing process does not import the package.
        return value.detach().clone().as_subclass(torch.Tensor)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return repr(value)

def attempt(converted, args):
    # An input a converted model rejects (export's shape guards) is a result to compare too.
    try:
        return converted(*fresh(args))
    except Exception as exc:
        return "rejected: " + type(exc).__name__

def convert(backend, model, example):
    if backend == "eager":
        return model
    if backend == "script":
        if hasattr(model, "keyword_call"):
            names, keywords, flatten = model.keyword_call
            scripted = torch.jit.script(model.model)
            return lambda *args: tuple(flatten(scripted(**dict(zip(names, args)), **keywords)))
        return torch.jit.script(model)
    if backend == "trace":
        return torch.jit.trace(model, fresh(example), check_trace=False)
    if backend == "compile":
        fresh_state()
        return torch.compile(model, fullgraph=True, backend="eager")
    if not isinstance(model, nn.Module):
        model = FunctionModule(model)
    return torch.export.export(model, fresh(example)).module()

if mode == "discover":
    json.dump(discover(specs[0], set(specs[1:])), open(out, "w"))
    sys.exit(0)
results = {}
for spec in specs:
    key = spec["module"] + ":" + spec["cls"]
    entry = results[key] = {}
    for backend in spec.get("backends", ("eager", "script", "trace", "compile", "export")):
        # Distributions check their arguments as in a process that has not compiled (Dynamo's
        # first compile turns the checks off for the process; fresh_state keeps them off).
        torch.distributions.Distribution.set_default_validate_args(backend != "compile" and __debug__)
        try:
            with torch.no_grad(), contextlib.redirect_stdout(io.StringIO()):
                model = build_spec(spec)
                runs = inputs_for(spec["module"], spec)
                converted = convert(backend, model, runs[0])
                outputs = [converted(*fresh(runs[0]))] + [attempt(converted, args) for args in runs[1:]]
            entry[backend] = {"ok": True, "outputs": plain(outputs)}
            if backend == "compile" and spec.get("breaks"):
                with torch.no_grad(), contextlib.redirect_stdout(io.StringIO()):
                    entry[backend]["breaks"] = graph_breaks(build_spec(spec), runs[0])
        except Exception as exc:
            text = str(exc).strip().splitlines()
            entry[backend] = {"ok": False, "error": f"{type(exc).__name__}: {text[0][:200] if text else ''}"}
torch.save(results, out)
"""


def _run_worker(
    root: Path,
    out: Path,
    mode: str,
    specs: list,
    limit: int,
    timeout: float,
    python: str = sys.executable,
) -> None:
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    command = [
        python,
        "-c",
        WORKER,
        str(root),
        str(out),
        mode,
        str(limit),
        json.dumps(specs),
        json.dumps(CANDIDATE_SHAPES),
    ]
    subprocess.run(command, env=env, timeout=timeout, check=True, capture_output=True)


def _run_specs(
    root: Path, out: Path, specs: list[dict], limit: int, timeout: float, python: str
) -> dict:
    """Every spec's results, run in one worker; when that worker dies (a crash inside torch,
    a timeout), each spec in a worker of its own, so one model that kills its process is
    recorded as failing every back-end and the others are still compared."""
    import torch

    try:
        _run_worker(root, out, "run", specs, limit, timeout, python)
        return torch.load(out, weights_only=False)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
        pass
    results = {}
    for spec in specs:
        try:
            _run_worker(root, out, "run", [spec], limit, timeout, python)
            results.update(torch.load(out, weights_only=False))
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            lines = (exc.stderr or b"").decode(errors="replace").strip().splitlines()
            why = f"the worker died: {lines[-1] if lines else type(exc).__name__}"
            results[spec["module"] + ":" + spec["cls"]] = {
                backend: {"ok": False, "error": why} for backend in BACKENDS
            }
    return results


def model_specs(
    tree: FixedTree, limit: int, timeout: float, factory: Optional[Factory] = None
) -> tuple[Path, list[dict]]:
    """The import root and the models: each file's ``Model``, a factory's named models, or a
    package's discovered ones."""
    if factory is not None:
        specs = [
            {"module": factory.spec, "cls": name, "factory": factory.spec, "shape": factory.shape}
            for name in factory.names
        ]
        return tree.original.parent, specs[:limit]
    if (tree.original / "__init__.py").exists():
        out = tree.original.parent / "discovered.json"
        changed = [
            ".".join((tree.original.name, *Path(path).with_suffix("").parts)).removesuffix(
                ".__init__"
            )
            for path in tree.changed
        ]
        names = [tree.original.name, *changed]
        _run_worker(tree.original.parent, out, "discover", names, limit, timeout)
        return tree.original.parent, json.loads(out.read_text())
    specs = [
        {"module": path.stem, "cls": "Model"}
        for path in _python_files(tree.original)
        if MODEL_BINDING.search(path.read_text(encoding="utf-8"))
    ]
    return tree.original, specs[:limit]


def _same(a: Any, b: Any) -> bool:
    import torch

    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.is_floating_point() or a.is_complex():
            # Exactly equal, NaN where the other has NaN: a safe fix changes no bit.
            return bool(torch.equal(a.isnan(), b.isnan())) and bool(
                torch.equal(torch.where(a.isnan(), 0, a), torch.where(b.isnan(), 0, b))
            )
        return bool(torch.equal(a, b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _rejected(output: object) -> bool:
    return isinstance(output, str) and output.startswith("rejected: ")


def verdict(before: dict, after: dict, eager: Optional[dict] = None) -> str:
    """``eager``: the original's eager entry. An input the original's converted model
    rejected (a trace that raises on another size) that the fixed one runs to eager's output
    is a repair of that input, not a difference."""
    if before["ok"] and after["ok"]:
        if _same(before["outputs"], after["outputs"]):
            return "same"
        pairs = list(zip(before["outputs"], after["outputs"]))
        if (
            eager is not None
            and eager["ok"]
            and len(pairs) == len(before["outputs"]) == len(after["outputs"])
            and any(_rejected(b) and not _rejected(a) for b, a in pairs)
            and all(
                _same(b, a) or (_rejected(b) and _same(e, a))
                for (b, a), e in zip(pairs, eager["outputs"])
            )
        ):
            return "repaired"
        return "DIFFERS"
    if before["ok"]:
        return "BROKEN"
    return "repaired" if after["ok"] else "both fail"


@dataclass
class Report:
    tree: FixedTree
    # model -> backend -> (verdict, detail)
    models: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)

    @property
    def violations(self) -> list[str]:
        found = [
            f"{model} {backend}: {result[0]} {result[1]}".rstrip()
            for model, backends in self.models.items()
            for backend, result in backends.items()
            if result[0] in ("BROKEN", "DIFFERS")
        ]
        found.extend(f"{path}: new {codes}" for path, codes in self.tree.new_codes.items())
        return found


def check_tree(
    source: Path,
    workdir: Path,
    *,
    unsafe: bool = False,
    settings: Settings = SETTINGS,
    limit: int = 50,
    timeout: float = 900,
    factory: Optional[Factory] = None,
) -> Report:
    """Fix a copy of ``source``, run both copies' models, and compare them back-end by back-end."""
    tree = fix_tree(source, workdir, unsafe=unsafe, settings=settings)
    root, specs = model_specs(tree, limit, timeout, factory)
    fixed_root = tree.fixed.parent if root == tree.original.parent else tree.fixed
    return _compare(tree, workdir, (root, fixed_root), specs, limit, timeout)


ACCURACY = Path(__file__).resolve().parent / "accuracy"


def check_corpus(
    corpus: str,
    workdir: Path,
    *,
    unsafe: bool = False,
    settings: Settings = SETTINGS,
    limit: int = 50,
    timeout: float = 1800,
) -> Report:
    """Fix a copy of an accuracy corpus's installed packages (together), run the corpus's models
    on both copies with the accuracy environment's Python, and compare them."""
    runner = _load(ACCURACY / "ground_truth.py", "accuracy_ground_truth")
    site = next((ACCURACY / "env" / "lib").glob("python3*/site-packages"), None)
    if site is None or not runner.ENV_PYTHON.exists():
        raise SystemExit("no accuracy environment: run benchmarks/accuracy/setup_env.sh")
    return check_corpus_module(
        runner.corpus_module_path(corpus),
        site,
        workdir,
        python=str(runner.ENV_PYTHON),
        unsafe=unsafe,
        settings=settings,
        limit=limit,
        timeout=timeout,
    )


def check_corpus_module(
    corpus_path: Path,
    site: Path,
    workdir: Path,
    *,
    python: str = sys.executable,
    unsafe: bool = False,
    settings: Settings = SETTINGS,
    limit: int = 50,
    timeout: float = 1800,
) -> Report:
    """``check_corpus`` for the corpus module at ``corpus_path`` (``PACKAGES``, ``MODELS``,
    ``build``, ``make_inputs``, ``SHAPES``, ``CALL_KWARGS``) whose packages lie in ``site``."""
    module = _load(corpus_path, "accuracy_corpus_checked", corpus_path.parent)
    tree = FixedTree(workdir / "original", workdir / "fixed")
    for package in module.PACKAGES:
        for root in (tree.original, tree.fixed):
            if (site / package).is_dir():
                shutil.copytree(site / package, root / package, ignore=NOT_SOURCE)
            else:
                root.mkdir(parents=True, exist_ok=True)
                shutil.copy2(site / f"{package}.py", root / f"{package}.py")
    _fix_copy(tree, unsafe=unsafe, settings=settings)
    name = corpus_path.stem.removeprefix("corpus_")
    specs = [
        {
            "module": name,
            "cls": model,
            "corpus": str(corpus_path),
            "runner": str(ACCURACY / "ground_truth.py"),
        }
        for model in list(module.MODELS)[:limit]
    ]
    roots = (tree.original, tree.fixed)
    return _compare(tree, workdir, roots, specs, limit, timeout, python)


def _load(path: Path, name: str, folder: Optional[Path] = None) -> Any:
    """The module at ``path``; with ``folder`` importable while it loads (a corpus module
    imports its neighbours)."""
    import importlib.util

    if folder is not None and str(folder) not in sys.path:
        sys.path.append(str(folder))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compare(
    tree: FixedTree,
    workdir: Path,
    roots: tuple[Path, Path],
    specs: list[dict],
    limit: int,
    timeout: float,
    python: str = sys.executable,
) -> Report:
    """Run ``specs`` importing from the original root, then from the fixed one; compare."""

    results = [
        _run_specs(import_root, workdir / f"{label}.pt", specs, limit, timeout, python)
        for label, import_root in zip(("original", "fixed"), roots)
    ]
    report = Report(tree)
    for key, before in results[0].items():
        after = results[1][key]
        report.models[key] = {
            backend: (
                verdict(before[backend], after[backend], before.get("eager")),
                after[backend].get("error", "") if before[backend]["ok"] else "",
            )
            for backend in BACKENDS
        }
    return report


def _print(report: Report, title: str = "") -> None:
    tree = report.tree
    print(f"== {title or tree.original.name}: {len(report.models)} models")
    for model, backends in report.models.items():
        cells = "  ".join(f"{b}={v}" for b, (v, _) in backends.items())
        print(f"  {model}: {cells}")
        for backend, (result, detail) in backends.items():
            if result == "BROKEN":
                print(f"      {backend}: {detail}")
    applied = ", ".join(f"{code} x{n}" for code, n in sorted(tree.applied.items())) or "none"
    print(f"  fixes applied: {applied} ({len(tree.changed)} files changed)")
    if tree.dropped:
        print(f"  fixes dropped: {len(tree.dropped)}")
    for path, codes in tree.new_codes.items():
        print(f"  NEW CODES in {path}: {', '.join(codes)}")
    totals = Counter(v for backends in report.models.values() for v, _ in backends.values())
    print("  totals: " + ", ".join(f"{k} {n}" for k, n in sorted(totals.items())))


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument(
        "--corpus",
        action="append",
        default=[],
        metavar="NAME",
        help="an accuracy corpus (benchmarks/accuracy/corpus_NAME.py): its packages and models",
    )
    parser.add_argument("--unsafe", action="store_true", help="apply unsafe fixes too")
    parser.add_argument("--limit", type=int, default=50, help="models per path (default 50)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per child process")
    parser.add_argument(
        "--factory",
        metavar="MODULE:FUNCTION",
        help="build the --model names with this function of the package (timm:create_model)",
    )
    parser.add_argument("--model", action="append", default=[], help="a name for --factory")
    parser.add_argument(
        "--shape", default="1,3,224,224", help="input shape for --factory models (1,3,224,224)"
    )
    args = parser.parse_args(argv)
    if not args.paths and not args.corpus:
        parser.error("give a PATH or --corpus NAME")
    for path in args.paths:
        if not path.is_dir():
            parser.error(f"{path}: not a folder")
    if bool(args.factory) != bool(args.model) or (args.factory and ":" not in args.factory):
        parser.error("--factory MODULE:FUNCTION and --model NAME go together")
    try:
        shape = [int(n) for n in args.shape.split(",")]
    except ValueError:
        parser.error(f"--shape {args.shape!r}: not comma-separated integers")
    factory = Factory(args.factory, args.model, shape) if args.factory else None
    failed = False
    for path in args.paths:
        with tempfile.TemporaryDirectory(prefix="torchlint-fix-safety-") as workdir:
            try:
                report = check_tree(
                    path.resolve(),
                    Path(workdir),
                    unsafe=args.unsafe,
                    limit=args.limit,
                    timeout=args.timeout,
                    factory=factory,
                )
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
                # One package that cannot be imported or run stops no other.
                lines = (exc.stderr or b"").decode(errors="replace").strip().splitlines()
                why = lines[-1] if lines else type(exc).__name__
                print(f"== {path.name}: its models could not be run ({why})")
                continue
            _print(report)
            failed = failed or bool(report.violations)
    for corpus in args.corpus:
        with tempfile.TemporaryDirectory(prefix="torchlint-fix-safety-") as workdir:
            try:
                report = check_corpus(
                    corpus,
                    Path(workdir),
                    unsafe=args.unsafe,
                    limit=args.limit,
                    timeout=args.timeout,
                )
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
                lines = (exc.stderr or b"").decode(errors="replace").strip().splitlines()
                print(f"== {corpus}: its models could not be run ({lines[-1] if lines else exc})")
                failed = True
                continue
            _print(report, f"corpus {corpus}")
            failed = failed or bool(report.violations)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
