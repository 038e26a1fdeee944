"""One adapter per back-end, run in the child on a prepared ``Session``.

Each returns a plain dict (JSON) with: ``status`` (ok | fails | diverges | graph-breaks |
skipped), ``converted``, ``stage`` where it failed (convert | run | reload), ``error`` and the
user ``location`` it points to, ``runs`` (one comparison per input set), ``reload`` (the
save/load round trip compared again), ``warnings`` (with user file:line), ``graph_breaks``,
``convert_s`` (conversion or compile time), ``latency`` (eager and back-end timed in
interleaved rounds: medians, ranges, speed-up; see ``timing.py``), ``elapsed_s``, and for
``compile`` the ``compile_backend`` that ran (eager, aot_eager, inductor, ...).
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import io
import logging
import sys
import time
import warnings
from typing import Any, Callable, Optional

from torchlint.runtime_check.compare import compare
from torchlint.runtime_check.locate import (
    Location,
    first_line,
    gb_code,
    locate_exception,
    locate_stack,
)
from torchlint.runtime_check.worker import Session, batch_size

# Warnings from torch itself about deprecated APIs say nothing about the user's model.
_NOISE = ("is deprecated", "TorchScript", "torch.jit.", "Please switch to torch.compile")


class BackendFailure(Exception):
    def __init__(self, stage: str, exc: BaseException) -> None:
        super().__init__(str(exc))
        self.stage = stage
        self.exc = exc


class Result:
    def __init__(self, backend: str) -> None:
        self.data: dict[str, Any] = {
            "backend": backend,
            "status": "ok",
            "converted": False,
            "stage": None,
            "error": None,
            "location": None,
            "gb_code": None,
            "runs": [],
            "reload": None,
            "warnings": [],
            "graph_breaks": [],
            "convert_s": None,
            "latency": None,
            "notes": [],
            "elapsed_s": 0.0,
        }

    def fail(self, stage: str, exc: BaseException, session: Session) -> None:
        where = locate_exception(exc, session.user)
        self.data.update(
            status="fails",
            stage=stage,
            error=first_line(exc),
            location=where.to_dict() if where else None,
            gb_code=gb_code(str(exc)),
        )


def run_backend(session: Session, backend: str) -> dict[str, Any]:
    import torch

    result = Result(backend)
    started = time.perf_counter()
    adapters: dict[str, Callable[[Session, Result], None]] = {
        "script": _script,
        "trace": _trace,
        "compile": _compile,
        "export": _export,
        "export-strict": _export,
        "onnx": _onnx,
    }
    recorded: list[dict] = []
    try:
        with _capture_warnings(session, recorded), contextlib.redirect_stdout(io.StringIO()):
            adapters[backend](session, result)
    except BackendFailure as failure:
        result.fail(failure.stage, failure.exc, session)
    except BaseException as exc:  # SystemExit, RecursionError, MemoryError: a verdict, not a crash
        result.fail("convert" if not result.data["converted"] else "run", exc, session)
    finally:
        if "torch._dynamo" in sys.modules:  # importing Dynamo costs seconds; only if used
            torch._dynamo.reset()
    result.data["warnings"] = _dedupe(recorded)
    result.data["elapsed_s"] = time.perf_counter() - started
    return result.data


@contextlib.contextmanager
def _capture_warnings(session: Session, into: list[dict]):
    def record(message: Any, category: type, filename: str, lineno: int, *_: Any) -> None:
        text = str(message).strip().splitlines()[0] if str(message).strip() else ""
        where: Optional[Location] = (
            Location(filename, lineno) if filename in session.user else locate_stack(session.user)
        )
        if where is None and (
            issubclass(category, DeprecationWarning) or any(n in text for n in _NOISE)
        ):
            return
        into.append(
            {
                "category": category.__name__,
                "message": text[:300],
                "location": where.to_dict() if where else None,
            }
        )

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = record
        yield


def _dedupe(items: list[dict]) -> list[dict]:
    seen, kept = set(), []
    for item in items:
        key = (item["category"], item["message"], str(item["location"]))
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def _run_all(
    session: Session, result: Result, fn: Callable, indexes: Optional[list[int]] = None
) -> list[dict]:
    """Run ``fn`` on input sets and compare with eager; an error on one set is that set's verdict."""
    runs = []
    for index in indexes if indexes is not None else range(len(session.inputs)):
        args, kwargs = session.inputs[index]
        session.seed()
        try:
            output = fn(*session.clone(args), **session.clone(kwargs))
        except BaseException as exc:
            where = locate_exception(exc, session.user)
            runs.append(
                {
                    "set": index,
                    "ok": False,
                    "error": first_line(exc),
                    "location": where.to_dict() if where else None,
                }
            )
            continue
        comparison = compare(
            session.expected[index],
            output,
            session.options.get("rtol"),
            session.options.get("atol"),
        )
        runs.append({"set": index, "error": None, **comparison.to_dict()})
    return runs


def _finish(session: Session, result: Result, converted: Any, runs: list[dict]) -> None:
    """Status from the runs, then latency against eager on the first input set."""
    result.data["runs"] = runs
    errors = [r for r in runs if r.get("error")]
    mismatches = [r for r in runs if not r["ok"] and not r.get("error")]
    if errors:
        first = errors[0]
        result.data.update(
            status="fails",
            stage="run",
            error=f"input set {first['set']}: {first['error']}",
            location=first["location"],
        )
    elif mismatches:
        result.data.update(status="diverges", stage="run", error=mismatches[0].get("detail"))
    if not errors:
        args, kwargs = session.inputs[0]
        result.data["latency"] = session.compare_latency(converted, args, kwargs)


def _reload(
    session: Session,
    result: Result,
    save: Callable,
    load: Callable,
    obj: Any,
    call: Callable[[Any], Callable],
    indexes: Optional[list[int]] = None,
) -> None:
    buffer = io.BytesIO()
    try:
        save(obj, buffer)
        buffer.seek(0)
        loaded = load(buffer)
    except BaseException as exc:
        result.data["reload"] = {"ok": False, "error": first_line(exc), "runs": []}
        if result.data["status"] == "ok":
            result.data.update(
                status="fails", stage="reload", error=f"save/load: {first_line(exc)}"
            )
        return
    runs = _run_all(session, result, call(loaded), indexes)
    ok = all(r["ok"] for r in runs)
    result.data["reload"] = {"ok": ok, "error": None, "runs": runs}
    if not ok and result.data["status"] == "ok":
        bad = next(r for r in runs if not r["ok"])
        result.data.update(
            status="diverges",
            stage="reload",
            error=f"after save/load, input set {bad['set']}: {bad.get('error') or bad.get('detail')}",
        )


# -- TorchScript -----------------------------------------------------------------------------------


def _script(session: Session, result: Result) -> None:
    import torch

    model = session.fresh()
    started = time.perf_counter()
    try:
        scripted = torch.jit.script(model)
    except BaseException as exc:
        raise BackendFailure("convert", exc) from None
    result.data.update(converted=True, convert_s=time.perf_counter() - started)
    _finish(session, result, scripted, _run_all(session, result, scripted))
    _reload(session, result, torch.jit.save, torch.jit.load, scripted, lambda m: m)


def _trace(session: Session, result: Result) -> None:
    import torch

    model = session.fresh()
    args, kwargs = session.inputs[0]
    started = time.perf_counter()
    try:
        if kwargs:
            traced = torch.jit.trace(
                model, example_kwarg_inputs=session.clone(kwargs), check_trace=False
            )
        else:
            traced = torch.jit.trace(model, session.clone(args), check_trace=False)
    except BaseException as exc:
        raise BackendFailure("convert", exc) from None
    result.data.update(converted=True, convert_s=time.perf_counter() - started)
    _finish(session, result, traced, _run_all(session, result, traced))
    _reload(session, result, torch.jit.save, torch.jit.load, traced, lambda m: m)


# -- torch.compile ---------------------------------------------------------------------------------


class _GraphBreakLog(logging.Handler):
    """Collects Dynamo's graph-break log records ("Graph break in user code at f.py:12")."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if "Graph break in user code at" in message or "Graph Break Reason" in message:
            self.messages.append(message)


@contextlib.contextmanager
def _graph_break_log():
    import torch

    handler = _GraphBreakLog()
    torch._logging.set_logs(graph_breaks=True)
    swapped = []
    for name in ("torch", "torch._dynamo"):
        logger = logging.getLogger(name)
        swapped.append((logger, logger.handlers[:]))
        logger.handlers = [handler]
    try:
        yield handler
    finally:
        for logger, handlers in swapped:
            logger.handlers = handlers
        torch._logging.set_logs()


def _parse_graph_break(message: str, session: Session) -> dict[str, Any]:
    lines = [line.strip() for line in message.splitlines()]
    where = None
    reason = ""
    for i, line in enumerate(lines):
        if line.startswith("Graph break in user code at "):
            file, _, number = line[len("Graph break in user code at ") :].rpartition(":")
            if number.isdigit():
                where = Location(file, int(number))
        elif line.startswith("Graph Break Reason:"):
            reason = line[len("Graph Break Reason:") :].strip()
            if reason.startswith("Encountered graph break when attempting"):
                reason = next((x for x in lines[i + 1 :] if x), reason)
    if where is not None and where.file not in session.user:
        user_frames = [loc for loc in _frames_after(message, "User code traceback:", session)]
        where = user_frames[-1] if user_frames else where
    return {
        "reason": reason[:300],
        "gb_code": gb_code(message),
        "location": where.to_dict() if where else None,
    }


def _frames_after(text: str, marker: str, session: Session) -> list[Location]:
    from torchlint.runtime_check.locate import locations_in_text

    return locations_in_text(text.split(marker, 1)[-1], session.user)


def _compile(session: Session, result: Result) -> None:
    import torch

    backend = session.options.get("compile_backend") or "eager"
    result.data["compile_backend"] = backend
    torch._dynamo.reset()
    started = time.perf_counter()
    compiled = torch.compile(session.fresh(), fullgraph=True, backend=backend)
    fullgraph_error: Optional[BaseException] = None
    args, kwargs = session.inputs[0]
    try:
        compiled(*session.clone(args), **session.clone(kwargs))
    except BaseException as exc:
        fullgraph_error = exc
    if fullgraph_error is None:
        result.data.update(converted=True, convert_s=time.perf_counter() - started)
        _finish(session, result, compiled, _run_all(session, result, compiled))
        return
    # fullgraph=True failed: say why, then how plain torch.compile fares and where it breaks.
    where = locate_exception(fullgraph_error, session.user)
    result.data["fullgraph_error"] = {
        "error": first_line(fullgraph_error),
        "location": where.to_dict() if where else None,
        "gb_code": gb_code(str(fullgraph_error)),
    }
    torch._dynamo.reset()
    started = time.perf_counter()
    with _graph_break_log() as log:
        plain = torch.compile(session.fresh(), backend=backend)
        try:
            plain(*session.clone(args), **session.clone(kwargs))
        except BaseException as exc:
            result.data["convert_s"] = time.perf_counter() - started
            result.fail("convert", exc, session)
            result.data["graph_breaks"] = _unique_breaks(
                [_parse_graph_break(m, session) for m in log.messages]
            )
            return
        result.data.update(converted=True, convert_s=time.perf_counter() - started)
        runs = _run_all(session, result, plain)
    breaks = _unique_breaks([_parse_graph_break(m, session) for m in log.messages])
    if not breaks:
        breaks = _explain(session, args, kwargs)
    result.data["graph_breaks"] = breaks
    _finish(session, result, plain, runs)
    if result.data["status"] == "ok":
        result.data.update(
            status="graph-breaks",
            stage="convert",
            error=first_line(fullgraph_error),
            location=result.data["fullgraph_error"]["location"],
            gb_code=result.data["fullgraph_error"]["gb_code"],
        )


def _unique_breaks(breaks: list[dict]) -> list[dict]:
    """One entry per break; a break logged again without a user frame (a resumed frame, a
    recompile for another input) is dropped when the same break was already located."""
    located = {(b["gb_code"], b["reason"]) for b in breaks if b["location"]}
    seen, kept = set(), []
    for item in breaks:
        if item["location"] is None and (item["gb_code"], item["reason"]) in located:
            continue
        key = (str(item["location"]), item["gb_code"], item["reason"])
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def _explain(session: Session, args: tuple, kwargs: dict) -> list[dict]:
    """torch._dynamo.explain's break list, when the log said nothing."""
    import torch

    torch._dynamo.reset()
    try:
        explanation = torch._dynamo.explain(session.fresh())(
            *session.clone(args), **session.clone(kwargs)
        )
    except BaseException:
        return []
    breaks = []
    for item in explanation.break_reasons:
        frames = [f for f in getattr(item, "user_stack", []) or [] if f.filename in session.user]
        reason = str(getattr(item, "reason", item))
        breaks.append(
            {
                "reason": reason.splitlines()[0][:300] if reason else "",
                "gb_code": gb_code(reason),
                "location": Location(frames[-1].filename, frames[-1].lineno).to_dict()
                if frames
                else None,
            }
        )
    return breaks


# -- torch.export ----------------------------------------------------------------------------------


def _as_module(session: Session, model: Any) -> Any:
    import torch

    if isinstance(model, torch.nn.Module):
        return model
    fn = model

    class Wrapper(torch.nn.Module):
        def forward(self, *args: Any, **kwargs: Any) -> Any:
            return fn(*args, **kwargs)

    try:  # export binds keyword inputs against forward's signature: give it the function's
        signature = inspect.signature(fn)
        self_param = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
        Wrapper.forward.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[self_param, *signature.parameters.values()]
        )
    except (TypeError, ValueError):
        pass
    return Wrapper()


def _example_index(session: Session) -> int:
    """The first input set; with --vary-batch, the first whose batch is 2 or more (torch
    specialises sizes 0 and 1, so they cannot stand for a dynamic batch)."""
    if session.options.get("vary_batch"):
        for index, (args, kwargs) in enumerate(session.inputs):
            size = batch_size(args, kwargs)
            if size is not None and size >= 2:
                return index
    return 0


def _dynamic_shapes(module: Any, args: tuple, kwargs: dict, batch: int) -> Any:
    import torch
    from torch.export import Dim

    dim = Dim("batch")

    def spec(value: Any) -> Any:
        if isinstance(value, torch.Tensor):
            return {0: dim} if value.dim() >= 1 and value.shape[0] == batch else None
        if isinstance(value, (list, tuple)):
            return type(value)(spec(v) for v in value)
        if isinstance(value, dict):
            return {k: spec(v) for k, v in value.items()}
        return None

    bound = inspect.signature(module.forward).bind(*args, **kwargs).arguments
    return {name: spec(value) for name, value in bound.items()}


def _shapes(args: tuple, kwargs: dict) -> list[tuple]:
    import torch

    out: list[tuple] = []

    def walk(value: Any) -> None:
        if isinstance(value, torch.Tensor):
            out.append(tuple(value.shape))
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    walk(args)
    walk(kwargs)
    return out


def _compatible(example: list[tuple], other: list[tuple], dynamic_batch: Optional[int]) -> bool:
    if len(example) != len(other):
        return False
    for a, b in zip(example, other):
        if len(a) != len(b):
            return False
        skip_first = dynamic_batch is not None and len(a) >= 1 and a[0] == dynamic_batch
        if a[1:] != b[1:] if skip_first else a != b:
            return False
    return True


def _export(session: Session, result: Result) -> None:
    import torch

    strict = result.data["backend"] == "export-strict"
    module = _as_module(session, session.fresh())
    example = _example_index(session)
    args, kwargs = session.inputs[example]
    batch = batch_size(args, kwargs) if session.options.get("vary_batch") else None
    dynamic = _dynamic_shapes(module, args, kwargs, batch) if batch is not None else None
    started = time.perf_counter()
    try:
        program = torch.export.export(
            module,
            session.clone(args),
            session.clone(kwargs) or None,
            dynamic_shapes=dynamic,
            strict=strict,
        )
    except BaseException as exc:
        raise BackendFailure("convert", exc) from None
    result.data.update(converted=True, convert_s=time.perf_counter() - started)
    shapes = _shapes(args, kwargs)
    indexes = []
    for index, (a, k) in enumerate(session.inputs):
        if (len(a), sorted(k)) != (len(args), sorted(kwargs)):
            # An exported program takes its inputs exactly as the example passed them.
            result.data["notes"].append(
                f"input set {index} not run: it passes arguments differently (positional vs "
                f"keyword) from the example set {example}"
            )
        elif _compatible(shapes, _shapes(a, k), batch):
            indexes.append(index)
        else:
            result.data["notes"].append(
                f"input set {index} not run: its shapes differ from the example's in dims the "
                "export keeps static" + ("" if batch else " (--vary-batch makes the batch dynamic)")
            )
    exported = program.module()
    _finish(session, result, exported, _run_all(session, result, exported, indexes))
    _reload(
        session,
        result,
        torch.export.save,
        torch.export.load,
        program,
        lambda p: p.module(),
        indexes,
    )


# -- ONNX ----------------------------------------------------------------------------------------


def _onnx(session: Session, result: Result) -> None:
    import torch

    missing = [m for m in ("onnx", "onnxscript") if importlib.util.find_spec(m) is None]
    if missing:
        result.data.update(status="skipped", error=f"not installed: {', '.join(missing)}")
        return
    module = _as_module(session, session.fresh())
    args, kwargs = session.inputs[0]
    started = time.perf_counter()
    try:
        program = torch.onnx.export(
            module, session.clone(args), kwargs=session.clone(kwargs) or None, dynamo=True
        )
    except BaseException as exc:
        raise BackendFailure("convert", exc) from None
    result.data.update(converted=True, convert_s=time.perf_counter() - started)
    if importlib.util.find_spec("onnxruntime") is None:
        result.data["notes"].append("onnxruntime is not installed: outputs not compared")
        return
    from torchlint.runtime_check.compare import flatten

    runs = []
    for index in range(len(session.inputs)):
        a, k = session.inputs[index]
        if _shapes(a, k) != _shapes(args, kwargs):
            continue
        try:
            outputs = program(*session.clone(a), **session.clone(k))
        except BaseException as exc:
            runs.append({"set": index, "ok": False, "error": first_line(exc), "location": None})
            continue
        expected = [
            leaf for _, leaf in flatten(session.expected[index]) if isinstance(leaf, torch.Tensor)
        ]
        comparison = compare(
            tuple(expected),
            tuple(outputs),
            session.options.get("rtol"),
            session.options.get("atol"),
        )
        runs.append({"set": index, "error": None, **comparison.to_dict()})
    _finish(session, result, lambda *a, **k: program(*a, **k), runs)
