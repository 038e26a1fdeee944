"""Ground truth from torch for rule examples: does each back-end accept this code?

An example is a small module source that defines ``Model`` (an ``nn.Module`` subclass) or a
function ``fn``, and ``inputs()`` returning a list of argument tuples (two or more). Each
back-end is asked the way a user would, on CPU:

- ``script``: ``torch.jit.script`` converts, and the scripted model runs every input with
  outputs equal to eager.
- ``trace``: ``torch.jit.trace`` on the first input converts, and the trace gives the eager
  result on every other input (a silent specialisation shows as a mismatch).
- ``compile``: ``torch.compile(fullgraph=True, backend="eager")`` runs every input, and plain
  ``torch.compile`` has no graph break (``torch._dynamo.explain``). ``compile_modes`` gives the
  two apart, for messages that say which mode fails.
- ``export``: ``torch.export.export`` (non-strict, the default) converts on the first input,
  and ``ep.module()`` gives the eager result on every input it accepts.

An input eager rejects (it raises, e.g. an input check) must be rejected by the converted
model too: returning a value there is a divergence ("accepts an input eager rejects").

The example is written to a real file and imported, since TorchScript reads source code.
Verdicts are kept for the session: the tests of targets and of messages ask the same questions.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import functools
import hashlib
import importlib.util
import io
import re
import shutil
import sys
import tempfile
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Optional

_TMP = Path(tempfile.mkdtemp(prefix="torchlint-oracle-"))
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)


@dataclass
class Verdict:
    backend: str
    ok: bool
    detail: str = ""
    # Lines of the example torch's error points at ("from user code: File ..., line N").
    lines: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.backend}: {'ok' if self.ok else 'FAILS'} {self.detail}".strip()


def load_example(source: str) -> ModuleType:
    digest = hashlib.sha1(source.encode()).hexdigest()[:16]
    name = f"tl_example_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    path = _TMP / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _callable(module: ModuleType) -> Any:
    import torch

    if hasattr(module, "Model"):
        torch.manual_seed(0)
        model = module.Model()
        model.eval()
        return model
    return module.fn


def _same(a: Any, b: Any) -> bool:
    import torch

    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.dtype == torch.bool or not a.is_floating_point():
            return bool(torch.equal(a, b))
        return bool(torch.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if dataclasses.is_dataclass(a) and dataclasses.is_dataclass(b):
        # Field by field: the two may come from two loads of the example (two classes).
        names = [f.name for f in dataclasses.fields(a)]
        return type(a).__name__ == type(b).__name__ and all(
            _same(getattr(a, n), getattr(b, n)) for n in names
        )
    return bool(a == b)


def _clone(args: tuple) -> tuple:
    import torch

    return tuple(a.clone() if isinstance(a, torch.Tensor) else a for a in args)


def assert_eager_unchanged(
    source: str, fixed: str, rejected: tuple[type[Exception], ...] = ()
) -> list[tuple[Any, Any]]:
    """The fixed example gives the original's eager outputs on every input of its ``inputs()``;
    an input the original rejects with one of ``rejected`` the fixed one rejects with the same
    type. Returns the (original, fixed) outputs compared."""
    import pytest

    original, repaired = load_example(source), load_example(fixed)
    outputs = []
    for args in original.inputs():
        try:
            want = _callable(original)(*_clone(tuple(args)))
        except rejected as error:
            with pytest.raises(type(error)):
                _callable(repaired)(*_clone(tuple(args)))
            continue
        got = _callable(repaired)(*_clone(tuple(args)))
        assert _same(got, want), f"fixed code differs from the original:\n{fixed}"
        outputs.append((want, got))
    return outputs


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:300] if text else ''}"


def _user_lines(exc: BaseException, module: ModuleType) -> tuple[int, ...]:
    """The lines of the example an error's text names."""
    try:
        text = str(exc)
    except Exception:
        return ()
    pattern = rf'File "{re.escape(str(module.__file__))}", line (\d+)'
    return tuple(sorted({int(n) for n in re.findall(pattern, text)}))


@contextlib.contextmanager
def _quiet():
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        yield


@functools.cache
def check(source: str, backend: str, warning_line: Optional[int] = None) -> Verdict:
    """Ask torch whether ``backend`` accepts the example (converts and matches eager).

    With ``warning_line``, a ``TracerWarning`` the trace raises at that line of the example
    also rejects it: torch's own notice that the trace recorded a value as a constant.
    """
    import torch

    if backend == "compile":
        fullgraph, breaks = compile_modes(source)
        if not fullgraph.ok:
            return Verdict(backend, False, fullgraph.detail)
        if breaks:
            return Verdict(backend, False, f"graph break: {breaks[0]}")
        return Verdict(backend, True)
    _uncompiled_process_state()
    module = load_example(source)
    inputs = [tuple(i) for i in module.inputs()]
    with _quiet():
        eager_fn = _callable(module)
        expected = [_eager(eager_fn, args, i) for i, args in enumerate(inputs)]
        try:
            if backend == "script":
                converted = torch.jit.script(_callable(module))
                runs = list(range(len(inputs)))
            elif backend == "trace":
                converted, warned = _trace(module, inputs[0])
                for lineno, message, _ in warned:
                    if warning_line is not None and lineno == warning_line:
                        return Verdict(
                            backend, False, f"TracerWarning at line {warning_line}: {message}"
                        )
                runs = list(range(len(inputs)))
            elif backend == "fullgraph":
                _fresh_process_state()
                converted = torch.compile(_callable(module), fullgraph=True, backend="eager")
                runs = list(range(len(inputs)))
            elif backend == "export":
                target = _callable(module)
                if not isinstance(target, torch.nn.Module):
                    fn = target

                    class Wrapper(torch.nn.Module):
                        def forward(self, *args):
                            return fn(*args)

                    target = Wrapper()
                converted = torch.export.export(target, _clone(inputs[0])).module()
                runs = [i for i, a in enumerate(inputs) if _same_shapes(a, inputs[0])]
            else:
                raise ValueError(backend)
            for i in runs:
                want = expected[i]
                _seed_run(i)
                if isinstance(want, _Rejected):  # both raising is agreement
                    try:
                        converted(*_clone(inputs[i]))
                    except Exception:
                        continue
                    return Verdict(backend, False, f"accepts an input eager rejects ({want})")
                got = converted(*_clone(inputs[i]))
                if not _same(got, want):
                    return Verdict(backend, False, "diverges from eager")
        except Exception as exc:  # the verdict is the exception
            return Verdict(backend, False, _first_line(exc), _user_lines(exc, module))
        finally:
            if backend == "fullgraph":
                torch._dynamo.reset()
    return Verdict(backend, True)


TraceWarning = tuple[Optional[int], str, str]


def _trace(module: ModuleType, args: tuple) -> tuple[Any, list[TraceWarning]]:
    """``torch.jit.trace`` the example on ``args``; also return the TracerWarnings it raised,
    as (example line, first line of the message, file the warning was raised in)."""
    import torch

    warned: list[TraceWarning] = []

    def record(message, category, filename, lineno, file=None, line=None):
        if not issubclass(category, torch.jit.TracerWarning):
            return
        # A warning raised inside a library (einops) belongs to the example line that called
        # into it: the innermost example frame on the stack.
        raised_in = filename
        if filename != module.__file__:
            ours = [f for f in traceback.extract_stack() if f.filename == module.__file__]
            lineno = ours[-1].lineno if ours else None
        warned.append((lineno, str(message).splitlines()[0][:120], raised_in))

    with warnings.catch_warnings():
        warnings.simplefilter("always", torch.jit.TracerWarning)
        warnings.showwarning = record
        converted = torch.jit.trace(_callable(module), _clone(args), check_trace=False)
    return converted, warned


def trace_warnings(source: str) -> list[TraceWarning]:
    """The TracerWarnings ``torch.jit.trace`` raises on the example's first input, as
    (example line or None, message, file raised in): torch's notice that the trace recorded a value it computed
    as a constant, whether or not the other inputs happen to diverge. Empty when it fails."""
    _uncompiled_process_state()
    module = load_example(source)
    inputs = [tuple(i) for i in module.inputs()]
    with _quiet():
        try:
            return _trace(module, inputs[0])[1]
        except Exception:
            return []


@functools.cache
def compile_modes(source: str, counted: bool = False) -> tuple[Verdict, tuple[str, ...]]:
    """``torch.compile`` asked both ways: the verdict of ``fullgraph=True`` (every input runs
    and matches eager), and the graph-break reasons of plain ``torch.compile`` on the first
    input (explain's; with ``counted``, the break counter's too: see ``graph_breaks``)."""
    explained, only_counted = _plain_breaks(source)
    return check(source, "fullgraph"), explained + only_counted if counted else explained


@functools.cache
def _plain_breaks(source: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    module = load_example(source)
    explained, only_counted = graph_breaks(module, tuple(module.inputs()[0]))
    return tuple(explained), tuple(only_counted)


@dataclass
class _Rejected:
    """Eager raised on an input (an input check): the converted model must raise too."""

    error: str

    def __str__(self) -> str:
        return self.error


def _fresh_process_state() -> None:
    """Dynamo's state, and the Python-level caches Dynamo's verdict depends on, as a fresh
    process has them: the compile sees what a model compiled first thing sees, not what an
    earlier example or the eager run left (``kl_divergence``'s memo of looked-up pairs). The
    first torch.compile of a process turns distribution argument checks off for good
    (Dynamo's patching: ``Distribution.set_default_validate_args(False)``), so every compile
    runs without them."""
    import torch
    import torch.distributions.kl

    torch._dynamo.reset()
    torch.distributions.kl._KL_MEMOIZE.clear()
    torch.distributions.Distribution.set_default_validate_args(False)


def _uncompiled_process_state() -> None:
    """What a process that has not run torch.compile has: distributions check their
    arguments (``__debug__``), which an earlier compile in this process turned off."""
    import torch.distributions

    torch.distributions.Distribution.set_default_validate_args(__debug__)


def _seed_run(i: int) -> None:
    """Seed torch's generator for the run of input ``i``, eager's and the converted model's
    alike: a random op (dropout with ``training=True``, ``randn_like``) draws the same numbers
    in both, whatever the conversion itself ran (``torch.jit.trace`` runs the model once)."""
    import torch

    torch.manual_seed(1000 + i)


def _eager(fn: Any, args: tuple, i: int = 0) -> Any:
    _seed_run(i)
    try:
        return fn(*_clone(args))
    except Exception as exc:
        return _Rejected(_first_line(exc))


def _same_shapes(a: Any, b: Any) -> bool:
    """Whether the tensors of ``a`` and ``b`` have the same shapes, also inside lists, tuples
    and dicts (``torch.export`` keeps every input size static by default, a list of feature
    maps' too)."""
    import torch

    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and a.shape == b.shape
    if isinstance(a, (list, tuple)):
        return (
            isinstance(b, (list, tuple))
            and len(a) == len(b)
            and all(_same_shapes(x, y) for x, y in zip(a, b))
        )
    if isinstance(a, dict):
        return (
            isinstance(b, dict)
            and a.keys() == b.keys()
            and all(_same_shapes(a[k], b[k]) for k in a)
        )
    return True


def graph_breaks(module: ModuleType, args: tuple) -> tuple[list[str], list[str]]:
    """Graph-break reasons of plain torch.compile on one input: as ``torch._dynamo.explain``
    reports them (the rules follow it), and the ones only Dynamo's break counter has (explain
    leaves out breaks where Dynamo's graph is still empty: print, logging, warnings,
    copy.deepcopy, a frame's first operation)."""
    import torch
    from torch._dynamo.utils import counters

    _fresh_process_state()
    counters.clear()
    try:
        with _quiet():
            explanation = torch._dynamo.explain(_callable(module))(*_clone(args))
    except Exception as exc:
        return [_first_line(exc)], []
    finally:
        torch._dynamo.reset()
    reasons = [str(getattr(b, "reason", b)).splitlines()[0] for b in explanation.break_reasons]
    counted = [str(reason).splitlines()[0] for reason in counters["graph_break"]]
    return reasons, [r for r in counted if r not in reasons]


@functools.cache
def compilations(source: str) -> int:
    """How many graphs plain ``torch.compile`` compiles over every input of the example: more
    than one without a graph break is a recompilation."""
    import torch

    module = load_example(source)
    count = 0

    def counting(graph: Any, example_inputs: Any) -> Any:
        nonlocal count
        count += 1
        return graph.forward

    torch._dynamo.reset()
    try:
        with _quiet():
            compiled = torch.compile(_callable(module), backend=counting)
            for args in module.inputs():
                compiled(*_clone(tuple(args)))
    finally:
        torch._dynamo.reset()
    return count
