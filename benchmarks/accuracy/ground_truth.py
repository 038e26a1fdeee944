"""Ground truth from torch for the accuracy corpus: what each back-end rejects, and where.

One command per corpus regenerates its data next to this file: ``ground_truth.json`` and
``coverage.json`` for the ``transformers`` corpus (``corpus.py``), ``ground_truth.NAME.json`` and
``coverage.NAME.json`` for another corpus NAME (``corpus_NAME.py``):

    python3 benchmarks/accuracy/ground_truth.py            # all transformers models, 2 at a time
    python3 benchmarks/accuracy/ground_truth.py bert gpt2  # some models (merged into the data)
    python3 benchmarks/accuracy/ground_truth.py --corpus pytorch   # the pure-PyTorch packages

The parent needs no torch: each model runs in a child process of the corpus environment
(``benchmarks/accuracy/env``, made by ``setup_env.sh``) with a timeout. The child builds the model
from a tiny config (random weights, CPU), runs it eagerly on inputs A and B under a line tracer
restricted to the package files (coverage), then asks each back-end:

- ``script``: ``torch.jit.script`` of the whole model, then of each package-defined submodule
  class on its own (so one early failure does not hide the others); the location is the first
  ``File "...", line N`` inside the package in TorchScript's message. A class that scripts cleanly
  makes its covered lines "checked" for script; its scripted ``forward`` schema is read for
  ``None`` defaults typed as non-Optional (each call leaving them out fails), a problem at the
  ``def`` line.
- ``trace``: ``torch.jit.trace`` on input A, then the trace runs input B (other batch size,
  sequence length and values) and is compared with eager. Each ``TracerWarning`` located in the
  package is a finding at its line. A divergence is located where the eager runs on A and B
  part (the coverage run also records, per call of a package function, the lines it ran and
  the package functions it called): in each call both runs made, the line run last before
  their paths differ, e.g. a loop over a size that the trace unrolled for A; those lines are
  findings whether or not the model warned elsewhere. A divergence at no such line and with no
  located warning is kept as unlocated. The lines the tracer's own run of the forward on A
  executed are kept apart (``ran``, below): only they are checked for trace.
- ``compile``: ``torch.compile(fullgraph=True, backend="eager")`` on A and B (the error's innermost
  package frame), plus the graph breaks of plain ``torch.compile``: ``torch._dynamo.explain``
  break reasons (user_stack) and the captured ``graph_breaks`` log, which also lists breaks
  explain misses.
- ``export``: ``torch.export.export`` (non-strict) on A, innermost package frame of the error;
  the exported program is compared with eager on A' (A's shapes, other values). The lines the
  export's own run on A executed are kept apart, as for trace.

Every location is the innermost frame inside the corpus's installed packages (``PACKAGES`` of
the corpus module), as a path relative to that package's folder. A corpus of one package (the
transformers one) stores bare paths; a corpus of several stores the package with each location:
``{"package": ..., "file": ...}`` findings, coverage nested by package, ``[package, file, start,
end]`` script-clean ranges. A back-end is "complete" for a model when it went through the whole forward (no
hard stop), so the lines the model covered are checked for it; the scorer counts a finding on a
checked line without a torch problem as a false positive, and one elsewhere as not verified.
Trace and export run the model's Python once more, on input A, after the eager runs on A, B
and A': the model's ``ran`` entry (back-end -> coverage, nested as in the coverage file) holds
the lines that run executed, the only ones the back-end checked. A line only the eager run on
B ran (a longer input's block-wise path) or only the first eager call ran (a set-up that the
warmed model skips) is one it never saw. Data written before ``ran`` existed has none, and the
scorer then takes the model's whole coverage, as before.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ENV_PYTHON = HERE / "env" / "bin" / "python"
WORK = HERE / ".work"
BACKENDS = ("script", "trace", "compile", "export")
DEFAULT_CORPUS = "transformers"
CHILD_TIMEOUT_S = 300
PARALLEL = 2


# ---------------------------------------------------------------- corpora (shared with score.py)


def corpus_module_path(corpus: str) -> Path:
    """``corpus.py`` for the transformers corpus (the first one), ``corpus_NAME.py`` otherwise."""
    return HERE / ("corpus.py" if corpus == DEFAULT_CORPUS else f"corpus_{corpus}.py")


def data_paths(corpus: str) -> tuple[Path, Path]:
    """(ground truth, coverage) files of a corpus."""
    if corpus == DEFAULT_CORPUS:
        return HERE / "ground_truth.json", HERE / "coverage.json"
    return HERE / f"ground_truth.{corpus}.json", HERE / f"coverage.{corpus}.json"


def corpora() -> list[str]:
    """Every corpus defined here, the transformers one first."""
    others = sorted(p.stem.removeprefix("corpus_") for p in HERE.glob("corpus_*.py"))
    return [DEFAULT_CORPUS, *others]


def load_corpus(corpus: str) -> Any:
    """The corpus module (model list, packages, inputs); importing it needs no torch."""
    import importlib.util

    path = corpus_module_path(corpus)
    if not path.exists():
        raise SystemExit(f"no corpus {corpus!r}: {path.name} is missing")
    # The corpora built like the pytorch one import _corpus_base.py from this folder.
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    spec = importlib.util.spec_from_file_location(f"accuracy_corpus_{corpus}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered, so that inspect finds the source of classes the corpus module defines.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def split_location(location: str, packages: list[str]) -> tuple[str | None, str]:
    """A child's location (package-relative for one package, ``package/file`` for several) as
    (package or None, file relative to the package folder)."""
    if len(packages) == 1:
        return None, location
    package, file = location.split("/", 1)
    return package, file


# ---------------------------------------------------------------- line ranges (shared with score.py)


def to_ranges(lines: set[int]) -> list[list[int]]:
    """Sorted inclusive ranges: {1, 2, 3, 7} -> [[1, 3], [7, 7]]."""
    ranges: list[list[int]] = []
    for line in sorted(lines):
        if ranges and line == ranges[-1][1] + 1:
            ranges[-1][1] = line
        else:
            ranges.append([line, line])
    return ranges


def from_ranges(ranges: list[list[int]]) -> set[int]:
    return {line for start, end in ranges for line in range(start, end + 1)}


# ---------------------------------------------------------------- child: runs in the corpus env


def _package_folder(module: Any) -> str:
    """A package's folder; a namespace package (no ``__init__.py``, like pytorch_tabnet) has no
    ``__file__``, only its one path entry."""
    if module.__file__:
        return os.path.dirname(module.__file__)
    return next(iter(module.__path__))


class Child:
    """Everything one model's child process records."""

    def __init__(self, name: str, packages: list[str]) -> None:
        import importlib

        self.name = name
        self.packages = packages
        # package -> its folder; a location is relative to it, prefixed with the package's name
        # when the corpus has several packages.
        self.roots: dict[str, str] = {}
        # A top-level module (rtdl_revisiting_models.py) is no folder: its one file, located as
        # "/NAME.py" (package "": relative to site-packages itself).
        self.modules: dict[str, str] = {}
        for package in packages:
            module = importlib.import_module(package)
            if hasattr(module, "__path__"):
                self.roots[package] = os.path.realpath(_package_folder(module)) + os.sep
            else:
                self.modules[package] = os.path.realpath(module.__file__)
        self.mode = "eval"
        self.findings: list[dict[str, Any]] = []
        self.unlocated: list[dict[str, Any]] = []
        self.complete: dict[str, bool] = {}
        self.script_clean: list[list[Any]] = []
        self.coverage: dict[str, set[int]] = {}
        # Back-end -> the package lines its own Python run on A executed (trace, export).
        self.ran: dict[str, dict[str, set[int]]] = {}
        self._seen: set[tuple[str, str, int]] = set()

    def rel(self, filename: str) -> str | None:
        path = os.path.realpath(filename)
        for file in self.modules.values():
            if path == file:
                return f"/{os.path.basename(file)}"
        for package, root in self.roots.items():
            if path.startswith(root):
                rel = path[len(root) :]
                return rel if len(self.packages) == 1 else f"{package}/{rel}"
        return None

    def innermost(self, frames: list[tuple[str, int]]) -> tuple[str, int] | None:
        """The last (innermost) frame inside the package, frames ordered outermost first."""
        for filename, line in reversed(frames):
            rel = self.rel(filename)
            if rel is not None and line:
                return rel, line
        return None

    def add(
        self,
        backend: str,
        where: tuple[str, int] | None,
        reason: str,
        kind: str,
        source: str,
        via: str | None = None,
    ) -> None:
        reason = " ".join(reason.split())[:300]
        if where is None:
            entry = {"backend": backend, "reason": reason, "kind": kind}
            if entry not in self.unlocated:
                self.unlocated.append(entry)
            return
        key = (backend, where[0], where[1])
        if key in self._seen:
            return
        self._seen.add(key)
        package, file = split_location(where[0], self.packages)
        self.findings.append(
            {
                "model": self.name,
                "backend": backend,
                **({"package": package} if package else {}),
                "file": file,
                "line": where[1],
                "reason": reason,
                "kind": kind,
                "source": source,
                **({"via": via} if via else {}),
            }
        )

    def nested(self, lines_by_location: dict[str, set[int]]) -> dict[str, Any]:
        """Lines as the coverage file holds them: file -> ranges, nested by package when the
        corpus has several."""
        coverage: dict[str, Any] = {}
        for location, lines in sorted(lines_by_location.items()):
            package, file = split_location(location, self.packages)
            files = coverage.setdefault(package, {}) if package is not None else coverage
            files[file] = to_ranges(lines)
        return coverage

    def result(self, seconds: float) -> dict[str, Any]:
        coverage = self.nested(self.coverage)
        script_clean = [
            [p, f, start, end] if p else [f, start, end]
            for location, start, end in self.script_clean
            for p, f in [split_location(location, self.packages)]
        ]
        return {
            "model": self.name,
            "seconds": round(seconds, 1),
            "mode": self.mode,
            "complete": self.complete,
            "findings": self.findings,
            "unlocated": self.unlocated,
            "script_clean": script_clean,
            "coverage": coverage,
            "ran": {backend: self.nested(lines) for backend, lines in sorted(self.ran.items())},
        }


def _traceback_frames(exc: BaseException) -> list[tuple[str, int]]:
    frames: list[tuple[str, int]] = []
    tb = exc.__traceback__
    while tb is not None:
        frames.append((tb.tb_frame.f_code.co_filename, tb.tb_lineno))
        tb = tb.tb_next
    return frames


def _message_frames(text: str) -> list[tuple[str, int]]:
    import re

    return [(m[0], int(m[1])) for m in re.findall(r'File "([^"]+)", line (\d+)', text)]


def _site_relative(filename: str, line: int) -> str:
    """``torch/nn/functional.py:2540``: a frame outside the package, named from site-packages."""
    parts = os.path.realpath(filename).split(os.sep)
    if "site-packages" in parts:
        parts = parts[parts.index("site-packages") + 1 :]
    return f"{'/'.join(parts[-4:])}:{line}"


def _first_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).strip().splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0] if lines else ''}"


def _flatten(out: Any) -> list[Any]:
    import torch

    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (list, tuple)):
        return [t for item in out for t in _flatten(item)]
    return []


def _same(a: list[Any], b: list[Any]) -> bool:
    import torch

    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x.shape != y.shape or x.dtype != y.dtype:
            return False
        if x.is_floating_point():
            if not torch.allclose(x, y, rtol=1e-4, atol=1e-5, equal_nan=True):
                return False
        elif not torch.equal(x, y):
            return False
    return True


def _seeded(fn: Any, args: tuple) -> list[Any]:
    """``fn(*args)`` flattened, from a fixed random state: in train mode dropout draws the same
    masks in the eager run and in the back-end's, so only a real difference tells them apart."""
    import torch

    torch.manual_seed(0)
    return _flatten(fn(*args))


def _make_wrapper(model: Any, names: list[str], call_kwargs: dict[str, Any]) -> Any:
    """Positional tensors in, a flat tuple of tensors out: the calling convention every back-end
    accepts, so the failures found are in the package's code, not in output types."""
    import torch

    class Wrapper(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *args: Any) -> Any:
            return tuple(_flatten(self.model(**dict(zip(names, args)), **call_kwargs)))

    # The model's own mode (eval, or train for a corpus that runs training paths) is kept.
    return Wrapper().train(model.training)


class Flow:
    """One call of a package function in an eager run: its own events in order, each a line it
    executed (``("line", N)``) or a package function it called (``("call", file, first line,
    name)``, whose ``Flow`` is in ``calls`` at the same index)."""

    __slots__ = ("calls", "events", "where")

    def __init__(self, where: str) -> None:
        self.where = where
        self.events: list[tuple[Any, ...]] = []
        self.calls: dict[int, Flow] = {}


class FlowRecorder:
    """The calls of package functions in each eager run (``runs[i]``: the outermost ones of run
    i, in order), kept by ``_covering``; ``start`` begins the next run."""

    def __init__(self) -> None:
        self.runs: list[list[Flow]] = []
        self.live: dict[int, tuple[Any, Flow]] = {}

    def start(self) -> None:
        self.runs.append([])
        self.live.clear()

    def enter(self, frame: Any, rel: str) -> Flow:
        flow = Flow(rel)
        parent = frame.f_back
        while parent is not None:
            held = self.live.get(id(parent))
            if held is not None and held[0] is parent:
                owner = held[1]
                code = frame.f_code
                owner.calls[len(owner.events)] = flow
                owner.events.append(("call", rel, code.co_firstlineno, code.co_name))
                break
            parent = parent.f_back
        else:
            if self.runs:
                self.runs[-1].append(flow)
        self.live[id(frame)] = (frame, flow)
        return flow

    def leave(self, frame: Any) -> None:
        self.live.pop(id(frame), None)


def decision_sites(a: list[Flow], b: list[Flow]) -> list[tuple[str, int]]:
    """Where the eager run on B takes another path than the run on A, the path the trace of A
    recorded: in each pair of calls that both runs made (the outermost ones in order, then the
    calls each pair made before its paths part), the line executed last before its events
    differ (a loop header whose count of turns follows a size, a branch on a size). A call's
    events are its lines and the package functions it calls, so a line that calls a function
    one run and not the other parts there too."""
    sites: list[tuple[str, int]] = []
    pending = list(zip(a, b))
    while pending:
        fa, fb = pending.pop(0)
        if fa.where != fb.where:
            continue
        last_line = None
        for index, (ea, eb) in enumerate(zip(fa.events, fb.events)):
            if ea != eb:
                break
            if ea[0] == "line":
                last_line = ea[1]
            else:
                pending.append((fa.calls[index], fb.calls[index]))
        else:
            if len(fa.events) == len(fb.events):
                continue
        if last_line is not None and (fa.where, last_line) not in sites:
            sites.append((fa.where, last_line))
    return sites


def _covering(
    child: Child,
    fn: Any,
    flows: FlowRecorder | None = None,
    into: dict[str, set[int]] | None = None,
) -> Any:
    """Run ``fn`` with line coverage of the package files recorded into ``child.coverage`` (or
    ``into``, when given), and the calls of package functions into ``flows``, when given."""
    import threading

    coverage = child.coverage if into is None else into
    rel_of: dict[str, str | None] = {}

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        filename = frame.f_code.co_filename
        rel = rel_of.get(filename, "?")
        if rel == "?":
            rel = child.rel(filename)
            rel_of[filename] = rel
        if rel is None:
            return None
        lines = coverage.setdefault(rel, set())
        lines.add(frame.f_lineno)
        if flows is None:

            def local(frame: Any, event: str, arg: Any) -> Any:
                if event == "line":
                    lines.add(frame.f_lineno)
                return local

            return local
        events = flows.enter(frame, rel).events

        def local_flow(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
                events.append(("line", frame.f_lineno))
            elif event == "return":
                flows.leave(frame)
            return local_flow

        return local_flow

    threading.settrace(tracer)
    sys.settrace(tracer)
    try:
        return fn()
    finally:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]


def run_script(child: Child, model: Any) -> None:
    import inspect

    import torch

    def script_location(exc: BaseException) -> tuple[str, int] | None:
        # TorchScript lists the failing range first, then the chain of callers.
        for filename, line in _message_frames(str(exc)):
            rel = child.rel(filename)
            if rel is not None:
                return rel, line
        return child.innermost(_traceback_frames(exc))

    try:
        torch.jit.script(model)
        child.complete["script"] = True
    except Exception as exc:
        child.complete["script"] = False
        child.add("script", script_location(exc), _first_line(exc), "failure", "script(model)")
    # Scripting the model's class again after it failed only says "Can't redefine method".
    seen: set[type] = set() if child.complete["script"] else {type(model)}
    for module in reversed(list(model.modules())):  # leaves first
        cls = type(module)
        if cls in seen or child.rel(inspect.getsourcefile(cls) or "") is None:
            continue
        seen.add(cls)
        try:
            scripted = torch.jit.script(module)
        except Exception as exc:
            child.add("script", script_location(exc), _first_line(exc), "failure", cls.__name__)
            continue
        _check_none_defaults(child, cls, scripted)
        source, start = inspect.getsourcelines(cls)
        child.script_clean.append(
            [child.rel(inspect.getsourcefile(cls) or ""), start, start + len(source) - 1]
        )


def _check_none_defaults(child: Child, cls: type, scripted: Any) -> None:
    """A forward parameter defaulting to None that TorchScript typed as non-Optional: the
    scripted module fails at run time whenever the caller leaves it out."""
    import inspect

    schema = getattr(getattr(scripted, "forward", None), "schema", None)
    if schema is None:
        return
    wrong = [
        f"{a.name}: {a.type}"
        for a in schema.arguments
        if a.has_default_value() and a.default_value is None and a.type.kind() != "OptionalType"
    ]
    if not wrong:
        return
    lines, start = inspect.getsourcelines(cls.forward)
    offset = next((i for i, text in enumerate(lines) if text.lstrip().startswith("def ")), 0)
    where = (child.rel(inspect.getsourcefile(cls.forward) or ""), start + offset)
    reason = f"scripted forward types None defaults as non-Optional ({', '.join(wrong)})"
    child.add("script", where if where[0] else None, reason, "schema", cls.__name__)


def run_trace(
    child: Child,
    wrapper: Any,
    a: tuple,
    b: tuple,
    expected_b: list[Any],
    paths: tuple[list[Flow], list[Flow]] | None = None,
) -> None:
    """Trace on A, run the trace on B: each located ``TracerWarning`` is a finding; when the
    trace's output on B differs from eager, each line where eager B took another path than
    eager A (``paths``: the calls of package functions in those runs, see ``decision_sites``)
    is one too, whatever warned elsewhere; a divergence at no such line and with no located
    warning is kept as unlocated."""
    import traceback
    import warnings

    import torch

    # (category, message, frames): the warning's own frame can be inside torch (it is raised
    # from C++ at the innermost Python frame), so keep the whole stack to find the package line.
    caught: list[tuple[type, str, list[tuple[str, int]]]] = []

    def capture(message: Any, category: type, filename: str, lineno: int, *rest: Any) -> None:
        stack = [(f.filename, f.lineno or 0) for f in traceback.extract_stack()[:-1]]
        caught.append((category, str(message), [*stack, (filename, lineno)]))

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = capture
        try:
            traced = _covering(
                child,
                lambda: torch.jit.trace(wrapper, a, strict=False, check_trace=False),
                into=child.ran.setdefault("trace", {}),
            )
        except Exception as exc:
            child.complete["trace"] = False
            where = child.innermost(_message_frames(str(exc)) or _traceback_frames(exc))
            child.add("trace", where, _first_line(exc), "failure", "trace")
            traced = None
    located = False
    for category, message, frames in caught:
        if issubclass(category, torch.jit.TracerWarning):
            where = child.innermost(frames[-1:])
            via = None
            if where is None:  # raised inside torch code that the package line called
                where = child.innermost(frames)
                via = _site_relative(*frames[-1])
            located = located or where is not None
            reason = f"TracerWarning: {message}"
            child.add("trace", where, reason, "warning", "trace warning", via)
    if traced is None:
        return
    child.complete["trace"] = True
    try:
        got = _seeded(traced, b)
    except Exception as exc:
        # The TorchScript interpreter names the original Python source, outermost first.
        where = child.innermost(_message_frames(str(exc)))
        child.add("trace", where, _first_line(exc), "failure", "trace run B")
        return
    if _same(got, expected_b):
        return
    sites = decision_sites(*paths) if paths else []
    for where in sites:
        reason = "trace diverges from eager on input B, which takes another path after this line"
        child.add("trace", where, reason, "divergence", "trace B path")
    if not sites and not located:
        child.add("trace", None, "trace diverges from eager on input B", "divergence", "trace")


def run_compile(child: Child, wrapper: Any, a: tuple, b: tuple) -> None:
    import logging

    import torch

    def dynamo_location(exc: BaseException) -> tuple[str, int] | None:
        stack = getattr(exc, "real_stack", None)
        frames = [(f.filename, f.lineno) for f in stack] if stack else []
        return (
            child.innermost(frames)
            or child.innermost(_message_frames(str(exc)))
            or child.innermost(_traceback_frames(exc))
        )

    torch._dynamo.reset()
    compiled = torch.compile(wrapper, fullgraph=True, backend="eager")
    try:
        for args in (a, b):
            compiled(*args)
    except Exception as exc:
        child.add("compile", dynamo_location(exc), _first_line(exc), "failure", "fullgraph")
    torch._dynamo.reset()

    messages: list[str] = []

    class Capture(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append(record.getMessage())

    torch._logging.set_logs(graph_breaks=True)
    handler = Capture()
    log = logging.getLogger("torch.__graph_breaks")
    log.addHandler(handler)
    try:
        explanation = torch._dynamo.explain(wrapper)(*a)
        child.complete["compile"] = True
    except Exception as exc:
        child.complete["compile"] = False
        child.add("compile", dynamo_location(exc), _first_line(exc), "failure", "explain")
        explanation = None
    finally:
        log.removeHandler(handler)
        torch._logging.set_logs()
        torch._dynamo.reset()
    if explanation is not None:
        for reason in explanation.break_reasons:
            frames = [(f.filename, f.lineno) for f in reason.user_stack]
            text = str(reason.reason).strip().splitlines()
            child.add(
                "compile", child.innermost(frames), text[0] if text else "", "break", "explain"
            )
    for message in messages:
        frames = _message_frames(message)
        reason = ""
        for line in message.splitlines():
            if line.strip().startswith("Graph Break Reason:"):
                reason = line.split(":", 1)[1].strip()
                break
        child.add("compile", child.innermost(frames), reason or "graph break", "break", "log")


def run_export(child: Child, wrapper: Any, a: tuple, a2: tuple, expected_a2: list[Any]) -> None:
    import torch

    try:
        program = _covering(
            child, lambda: torch.export.export(wrapper, a), into=child.ran.setdefault("export", {})
        )
    except Exception as exc:
        child.complete["export"] = False
        where = child.innermost(_traceback_frames(exc)) or child.innermost(
            _message_frames(str(exc))
        )
        child.add("export", where, _first_line(exc), "failure", "export")
        return
    child.complete["export"] = True
    try:
        got = _seeded(program.module(), a2)
    except Exception as exc:
        child.add(
            "export", None, f"exported program fails on A': {_first_line(exc)}", "failure", ""
        )
        return
    if not _same(got, expected_a2):
        child.add("export", None, "exported program diverges from eager on A'", "divergence", "")


def child_main(corpus_name: str, name: str, out: Path) -> None:
    import warnings

    warnings.simplefilter("ignore")
    started = time.time()
    import torch

    corpus = load_corpus(corpus_name)
    child = Child(name, list(corpus.PACKAGES))
    model, kind = corpus.build(name)
    child.mode = "train" if model.training else "eval"
    shapes_a, shapes_b = corpus.SHAPES
    inputs_a = corpus.make_inputs(kind, *shapes_a, seed=1)
    names = list(inputs_a)
    a = tuple(inputs_a.values())
    b = tuple(corpus.make_inputs(kind, *shapes_b, seed=2).values())
    a2 = tuple(corpus.make_inputs(kind, *shapes_a, seed=3).values())
    wrapper = _make_wrapper(model, names, corpus.CALL_KWARGS)
    flows = FlowRecorder()

    def eager(args: tuple) -> list[Any]:
        flows.start()
        return _seeded(wrapper, args)

    with torch.no_grad():
        expected = _covering(child, lambda: [eager(args) for args in (a, b, a2)], flows)
        paths = (flows.runs[0], flows.runs[1])
        for backend, step in (
            ("script", lambda: run_script(child, model)),
            ("trace", lambda: run_trace(child, wrapper, a, b, expected[1], paths)),
            ("compile", lambda: run_compile(child, wrapper, a, b)),
            ("export", lambda: run_export(child, wrapper, a, a2, expected[2])),
        ):
            if backend != "compile":
                # As in a process that has not compiled: Dynamo's first compile turns the
                # argument checks of torch.distributions off for the whole process.
                torch.distributions.Distribution.set_default_validate_args(__debug__)
            try:
                step()
            except Exception as exc:  # a harness problem: keep the other back-ends
                child.complete[backend] = False
                child.add(backend, None, f"harness: {_first_line(exc)}", "harness", "")
    out.write_text(json.dumps(child.result(time.time() - started)))


# ---------------------------------------------------------------- parent: no torch needed


def corpus_versions(distributions: list[str]) -> dict[str, str]:
    """torch, each corpus distribution and Python, as installed in the corpus environment."""
    code = (
        "import json, platform, sys, importlib.metadata as m, torch; print(json.dumps({'torch':"
        " torch.__version__, **{d: m.version(d) for d in sys.argv[1:]},"
        " 'python': platform.python_version()}))"
    )
    done = subprocess.run(
        [str(ENV_PYTHON), "-c", code, *distributions], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_children(
    corpus: str, names: list[str], timeout_s: float = CHILD_TIMEOUT_S
) -> dict[str, dict[str, Any]]:
    work = WORK if corpus == DEFAULT_CORPUS else WORK / corpus
    work.mkdir(parents=True, exist_ok=True)
    pending = list(names)
    running: dict[str, tuple[subprocess.Popen, float, Path, Any]] = {}
    results: dict[str, dict[str, Any]] = {}
    while pending or running:
        while pending and len(running) < PARALLEL:
            name = pending.pop(0)
            out = work / f"{name}.json"
            out.unlink(missing_ok=True)
            log = open(work / f"{name}.log", "w")
            proc = subprocess.Popen(
                [
                    str(ENV_PYTHON),
                    str(Path(__file__).resolve()),
                    "--corpus",
                    corpus,
                    "--child",
                    name,
                    "--out",
                    str(out),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "TOKENIZERS_PARALLELISM": "false", "OMP_NUM_THREADS": "1"},
            )
            running[name] = (proc, time.time(), out, log)
        time.sleep(0.5)
        for name, (proc, started, out, log) in list(running.items()):
            timed_out = time.time() - started > timeout_s
            if proc.poll() is None and not timed_out:
                continue
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            log.close()
            del running[name]
            if out.exists():
                results[name] = json.loads(out.read_text())
                status = "ok"
            else:
                status = "timeout" if timed_out else f"crashed (rc {proc.returncode})"
                results[name] = {"model": name, "status": status}
            results[name].setdefault("status", status)
            took = round(time.time() - started, 1)
            print(f"{name}: {status} in {took}s", flush=True)
    return results


def write_data(
    corpus: str,
    packages: list[str],
    results: dict[str, dict[str, Any]],
    versions: dict[str, str],
) -> None:
    """Merge into the corpus's ground truth and coverage files (models not rerun keep their old
    data when the versions are the same)."""
    ground_truth_path, coverage_path = data_paths(corpus)
    previous: dict[str, Any] = {}
    if ground_truth_path.exists() and coverage_path.exists():
        old = json.loads(ground_truth_path.read_text())
        old_cov = json.loads(coverage_path.read_text())
        if old.get("versions") == versions:
            for model in old["models"]:
                previous[model["model"]] = {
                    **model,
                    "findings": [f for f in old["findings"] if f["model"] == model["model"]],
                    "coverage": old_cov["models"].get(model["model"], {}),
                }
    merged = {**previous, **results}
    models, findings = [], []
    coverage: dict[str, dict[str, list[list[int]]]] = {}
    for name in sorted(merged):
        data = merged[name]
        findings.extend(data.get("findings", []))
        coverage[name] = data.get("coverage", {})
        models.append(
            {
                "model": name,
                "status": data.get("status", "ok"),
                "seconds": data.get("seconds"),
                "mode": data.get("mode", "eval"),
                "complete": data.get("complete", {}),
                "unlocated": data.get("unlocated", []),
                "script_clean": data.get("script_clean", []),
                **({"ran": data["ran"]} if data.get("ran") else {}),
            }
        )
    findings.sort(
        key=lambda f: (f["backend"], f.get("package", ""), f["file"], f["line"], f["model"])
    )
    # One package: bare paths, as the first (transformers) data; several: the list of them.
    where = {"package": packages[0]} if len(packages) == 1 else {"packages": packages}
    ground_truth_path.write_text(
        json.dumps(
            {
                "generated": datetime.date.today().isoformat(),
                **({} if corpus == DEFAULT_CORPUS else {"corpus": corpus}),
                **where,
                "versions": versions,
                "backends": list(BACKENDS),
                "models": models,
                "findings": findings,
            },
            indent=1,
        )
        + "\n"
    )
    coverage_path.write_text(json.dumps({"models": coverage}, separators=(",", ":")) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("models", nargs="*", help="models to (re)run; default: all")
    parser.add_argument(
        "--corpus",
        default=DEFAULT_CORPUS,
        choices=corpora(),
        help=f"which corpus (corpus_NAME.py); default: {DEFAULT_CORPUS}",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=CHILD_TIMEOUT_S,
        help=f"seconds one model's child may run (default {CHILD_TIMEOUT_S}; more on a loaded box)",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_main(args.corpus, args.child, args.out)
        return
    if not ENV_PYTHON.exists():
        sys.exit(f"no corpus environment at {ENV_PYTHON}; run {HERE / 'setup_env.sh'} first")
    corpus = load_corpus(args.corpus)
    unknown = sorted(set(args.models) - set(corpus.MODELS))
    if unknown:
        sys.exit(f"not in the {args.corpus} corpus: {', '.join(unknown)}")
    started = time.time()
    packages = list(corpus.PACKAGES)
    versions = corpus_versions(sorted(set(corpus.PACKAGES.values())))
    results = run_children(args.corpus, args.models or list(corpus.MODELS), args.timeout)
    write_data(args.corpus, packages, results, versions)
    print(f"ground truth for {len(results)} models in {time.time() - started:.0f}s")


if __name__ == "__main__":
    main()
