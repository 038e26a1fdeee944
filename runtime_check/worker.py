"""The child process: import the user's code, run it eagerly, then ask each back-end.

Started by ``runner.py`` as ``python -m torchlint.runtime_check.worker EVENT_FD``; reads its
request (JSON) on stdin and writes one JSON event per line to EVENT_FD, so whatever the user's
code prints (stdout and stderr are captured by the parent) never mixes with the results:

- ``{"event": "setup", "ok": ..., ...}`` after import, model, inputs and the eager run;
- ``{"event": "backend_start", "backend": b}`` and ``{"event": "backend", "result": {...}}``.

The memory limit is set before torch is imported. A crash or hang of the child is observed by the
parent, which knows from the last ``backend_start`` which back-end did it.
"""

from __future__ import annotations

import contextlib
import copy
import faulthandler
import importlib
import importlib.util
import inspect
import io
import json
import os
import random
import resource
import sys
import time
from typing import Any, Callable, Optional

from torchlint.runtime_check.locate import UserFiles, first_line, locate_exception

_OUTPUT_LIMIT = 2000


class SetupError(Exception):
    """The target could not be imported, built, fed or run eagerly."""

    def __init__(self, stage: str, message: str, location: Optional[dict] = None) -> None:
        super().__init__(message)
        self.stage = stage
        self.message = message
        self.location = location


class Events:
    def __init__(self, fd: int) -> None:
        self.stream = os.fdopen(fd, "w", buffering=1, closefd=True)

    def emit(self, event: str, **data: Any) -> None:
        self.stream.write(json.dumps({"event": event, **data}, default=str) + "\n")
        self.stream.flush()


def apply_memory_limit(limit_mb: Optional[int], device: str) -> Optional[str]:
    """RLIMIT_AS for the whole child; CUDA reserves huge address ranges, so not there."""
    if not limit_mb:
        return None
    if device in ("cuda", "auto") and os.environ.get("CUDA_VISIBLE_DEVICES", None) != "":
        if device == "cuda" or _cuda_probably_present():
            return "memory limit not applied: RLIMIT_AS breaks CUDA initialisation"
    limit = int(limit_mb) * 1024 * 1024
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    return None


def _cuda_probably_present() -> bool:
    return os.path.exists("/dev/nvidiactl") or os.path.exists("/proc/driver/nvidia")


def _module_name_for_file(path: str) -> tuple[str, str]:
    """(dotted name, folder to put on sys.path) for a .py file, walking up through packages."""
    folder, name = os.path.split(os.path.splitext(path)[0])
    parts = [name]
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        folder, package = os.path.split(folder)
        parts.insert(0, package)
    return ".".join(parts), folder


def _get_attr(obj: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return obj


class Session:
    """One child's view of the target: import, build, inputs, eager outputs."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        self.cwd = options["cwd"]
        self.notes: list[str] = []
        self.timing: dict[str, float] = {}
        self.coverage: dict[str, set[int]] = {}
        roots = [self.cwd]
        for entry in reversed(options.get("sys_path") or []):
            if entry and entry not in sys.path and os.path.isdir(entry):
                sys.path.insert(0, entry)
        if self.cwd not in sys.path:
            sys.path.insert(0, self.cwd)
        started = time.perf_counter()
        import torch  # noqa: F401  (timed apart: it is the verifier's fixed cost)

        self.timing["import_torch_s"] = time.perf_counter() - started
        target = options["target"]
        module_name, folder = target["module"], None
        if target["path"]:
            module_name, folder = _module_name_for_file(target["path"])
            roots.append(folder)
            if folder not in sys.path:
                sys.path.insert(0, folder)
        self.user = UserFiles(roots)
        self.module = self._import(module_name, "import")
        if not target["path"]:
            top = importlib.import_module(module_name.split(".")[0])
            top_file = getattr(top, "__file__", None)
            if top_file:
                roots.append(os.path.dirname(os.path.dirname(os.path.abspath(top_file))))
                self.user = UserFiles(roots)
        try:
            self.obj = _get_attr(self.module, target["attr"])
        except AttributeError:
            raise SetupError(
                "resolve", f"{module_name!r} has no attribute {target['attr']!r}"
            ) from None
        self._prepare()

    # -- setup ---------------------------------------------------------------------------------

    def _import(self, module_name: str, stage: str) -> Any:
        before = os.getcwd()
        output = io.StringIO()
        try:
            with contextlib.redirect_stdout(output):
                module = importlib.import_module(module_name)
        except BaseException as exc:  # SystemExit and friends included: report, never die
            raise SetupError(
                stage, f"importing {module_name!r} failed: {first_line(exc)}", self._where(exc)
            ) from None
        finally:
            if os.getcwd() != before:
                self.notes.append(
                    f"importing {module_name!r} changed the working folder to {os.getcwd()!r}; "
                    "restored"
                )
                os.chdir(before)
        printed = output.getvalue()
        if printed:
            self.notes.append(f"importing {module_name!r} printed: {printed[:200].strip()!r}")
        return module

    def _where(self, exc: BaseException) -> Optional[dict]:
        found = locate_exception(exc, self.user)
        return found.to_dict() if found else None

    def seed(self) -> None:
        import torch

        seed = int(self.options["seed"])
        random.seed(seed)
        torch.manual_seed(seed)
        if "numpy" in sys.modules:
            sys.modules["numpy"].random.seed(seed)

    def _prepare(self) -> None:
        import torch

        device = self.options["device"]
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        if device == "cuda" and not torch.cuda.is_available():
            raise SetupError("device", "--device cuda: CUDA is not available")
        self.device = torch.device(device)
        self.dtype = getattr(torch, self.options["dtype"]) if self.options.get("dtype") else None
        obj = self.obj
        self.kind = "function"
        self.factory: Optional[Callable[[], Any]] = None
        if isinstance(obj, torch.nn.Module):
            self.kind = "instance"
        elif isinstance(obj, type) and issubclass(obj, torch.nn.Module):
            self.kind, self.factory = "class", obj
        elif callable(obj):
            if not _required_parameters(obj):
                self.kind, self.factory = "factory", obj
        else:
            raise SetupError(
                "resolve",
                f"{self.options['target']['text']!r} is a {type(obj).__name__}, not a model, "
                "a factory or a function",
            )
        started = time.perf_counter()
        model = self.fresh()
        self.timing["build_s"] = time.perf_counter() - started
        self.is_module = isinstance(model, torch.nn.Module)
        self.inputs = self._make_inputs()
        self.expected = []
        started = time.perf_counter()
        tracer = self._tracer() if self.options.get("coverage") else None
        for index, (args, kwargs) in enumerate(self.inputs):
            self.seed()
            try:
                if tracer:
                    sys.settrace(tracer)
                output = model(*self.clone(args), **self.clone(kwargs))
            except BaseException as exc:
                raise SetupError(
                    "eager",
                    f"the eager run failed on input set {index}: {first_line(exc)}",
                    self._where(exc),
                ) from None
            finally:
                if tracer:
                    sys.settrace(None)
            self.expected.append(self.clone(output))
        self.timing["eager_s"] = time.perf_counter() - started
        self.eager_model = model

    def fresh(self) -> Any:
        """A new model with the same weights: the factory again, re-seeded, or a copy."""
        import torch

        self.seed()
        if self.factory is None:
            model = self.obj
            if isinstance(model, torch.nn.Module):
                try:
                    model = copy.deepcopy(model)
                except Exception:  # some modules cannot be copied; share the instance then
                    self.notes.append("the model instance could not be copied; back-ends share it")
        else:
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    model = self.factory()
            except BaseException as exc:
                raise SetupError(
                    "build",
                    f"calling {self.options['target']['text']!r} failed: {first_line(exc)}",
                    self._where(exc),
                ) from None
            if self.kind == "factory" and not callable(model):
                raise SetupError(
                    "build",
                    f"{self.options['target']['text']!r} returned a {type(model).__name__}; "
                    "a factory must return an nn.Module or a callable",
                )
        if isinstance(model, torch.nn.Module):
            model = model.to(self.device)
            if self.dtype is not None:
                model = model.to(self.dtype)
            model.train(bool(self.options.get("train")))
        return model

    def _make_inputs(self) -> list[tuple[tuple, dict]]:
        import torch

        sets: list[tuple[tuple, dict]] = []
        specs = self.options.get("inputs") or []
        if not specs:
            maker = next(
                (
                    getattr(self.module, n)
                    for n in ("make_inputs", "example_inputs", "get_inputs", "inputs")
                    if hasattr(self.module, n)
                ),
                None,
            )
            if maker is None:
                raise SetupError(
                    "inputs",
                    "no inputs: pass --inputs 'float32[2,3,32,32]' or --inputs pkg.mod:make_inputs, "
                    "or define make_inputs() next to the target",
                )
            sets.extend(self._sets_from(maker, "make_inputs"))
        for index, spec in enumerate(specs):
            if spec.get("tensors"):
                generator = torch.Generator().manual_seed(int(self.options["seed"]) + index)
                sets.append((tuple(_random_tensor(t, generator) for t in spec["tensors"]), {}))
                continue
            target = spec["target"]
            if target["path"]:
                name, folder = _module_name_for_file(target["path"])
                if folder not in sys.path:
                    sys.path.insert(0, folder)
            else:
                name = target["module"]
            module = self._import(name, "inputs")
            try:
                maker = _get_attr(module, target["attr"])
            except AttributeError:
                raise SetupError(
                    "inputs", f"{name!r} has no attribute {target['attr']!r}"
                ) from None
            sets.extend(self._sets_from(maker, spec["text"]))
        if not sets:
            raise SetupError("inputs", "the inputs are empty: give at least one input set")
        sets = [(self._place(args), self._place(kwargs)) for args, kwargs in sets]
        if self.options.get("vary_batch"):
            varied = _vary_batch(sets[0])
            if varied is None:
                self.notes.append(
                    "--vary-batch: the first input set has no tensor with a batch dim"
                )
            else:
                sets.append(varied)
        return sets

    def _sets_from(self, maker: Any, label: str) -> list[tuple[tuple, dict]]:
        import torch

        if callable(maker):
            self.seed()
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    produced = maker()
            except BaseException as exc:
                raise SetupError(
                    "inputs", f"{label} failed: {first_line(exc)}", self._where(exc)
                ) from None
        else:
            produced = maker
        if isinstance(produced, (torch.Tensor, dict)):
            produced = [produced]
        if not isinstance(produced, (list, tuple)) or not produced:
            raise SetupError(
                "inputs",
                f"{label} returned {type(produced).__name__}; expected a list of argument tuples "
                "or dicts of keyword arguments",
            )
        sets = []
        for index, item in enumerate(produced):
            if isinstance(item, dict):
                sets.append(((), dict(item)))
            elif isinstance(item, (tuple, list)):
                sets.append((tuple(item), {}))
            elif isinstance(item, torch.Tensor):
                sets.append(((item,), {}))
            else:
                raise SetupError(
                    "inputs",
                    f"{label}: input set {index} is a {type(item).__name__}; expected a tuple of "
                    "arguments, a dict of keyword arguments or a tensor",
                )
        return sets

    def _place(self, value: Any) -> Any:
        import torch

        def move(t: Any) -> Any:
            if not isinstance(t, torch.Tensor):
                return t
            t = t.to(self.device)
            if self.dtype is not None and t.is_floating_point():
                t = t.to(self.dtype)
            return t

        return _tree_map(value, move)

    @staticmethod
    def clone(value: Any) -> Any:
        import torch

        return _tree_map(value, lambda t: t.detach().clone() if isinstance(t, torch.Tensor) else t)

    def _tracer(self) -> Callable:
        user, coverage = self.user, self.coverage

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "line":
                coverage[frame.f_code.co_filename].add(frame.f_lineno)
            return local

        def global_(frame: Any, event: str, arg: Any) -> Any:
            filename = frame.f_code.co_filename
            if filename not in user:
                return None
            coverage.setdefault(filename, set()).add(frame.f_lineno)
            return local

        return global_

    def user_files(self) -> list[str]:
        files = set()
        for module in list(sys.modules.values()):
            path = getattr(module, "__file__", None)
            if path and path in self.user:
                files.add(os.path.realpath(path))
        return sorted(files)

    def info(self) -> dict[str, Any]:
        import torch

        return {
            "kind": self.kind,
            "is_module": self.is_module,
            "device": str(self.device),
            "torch_version": torch.__version__,
            "python": sys.version.split()[0],
            "input_sets": [_describe(args, kwargs) for args, kwargs in self.inputs],
            "varied_batch": bool(self.options.get("vary_batch")) and len(self.inputs) > 1,
            "notes": self.notes,
            "timing": self.timing,
            "user_files": self.user_files(),
            "target_file": _file_of(self.module),
            "coverage": {os.path.realpath(f): sorted(lines) for f, lines in self.coverage.items()},
        }

    # -- shared by the back-ends -----------------------------------------------------------------

    def compare_latency(self, fn: Callable, args: tuple, kwargs: dict) -> Optional[dict[str, Any]]:
        """Eager against ``fn`` on one input set, in interleaved rounds (see ``timing.py``)."""
        import torch

        from torchlint.runtime_check.timing import TimingPlan, measure

        options = self.options
        repeat = options.get("repeat")
        plan = TimingPlan(
            warmup=int(options.get("warmup", 1)),
            repeat=None if repeat is None else int(repeat),
            budget_s=float(options.get("time_budget", 3.0)),
            min_repeat=int(options.get("min_repeat", 3)),
            max_repeat=int(options.get("max_repeat", 100)),
        )
        cuda = self.device.type == "cuda"

        def timed(call: Callable) -> Callable[[], float]:
            def once() -> float:
                call_args, call_kwargs = self.clone(args), self.clone(kwargs)
                if cuda:
                    torch.cuda.synchronize()
                started = time.perf_counter()
                call(*call_args, **call_kwargs)
                if cuda:
                    torch.cuda.synchronize()
                return time.perf_counter() - started

            return once

        grad = torch.enable_grad() if options.get("train") else torch.no_grad()
        with grad, contextlib.redirect_stdout(io.StringIO()):
            return measure(timed(self.eager_model), timed(fn), plan)


def _file_of(module: Any) -> Optional[str]:
    path = getattr(module, "__file__", None)
    return os.path.realpath(path) if path else None


def _required_parameters(fn: Any) -> list[str]:
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return []
    return [
        p.name
        for p in signature.parameters.values()
        if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


def _random_tensor(spec: dict, generator: Any) -> Any:
    import torch

    aliases = {
        "float": "float32",
        "double": "float64",
        "half": "float16",
        "long": "int64",
        "int": "int32",
    }
    dtype = getattr(torch, aliases.get(spec["dtype"], spec["dtype"]))
    shape = tuple(spec["shape"])
    if dtype == torch.bool:
        return torch.rand(shape, generator=generator) > 0.5
    if dtype.is_floating_point:
        return torch.randn(shape, generator=generator).to(dtype)
    return torch.randint(0, 10, shape, generator=generator, dtype=dtype)


def _tree_map(value: Any, fn: Callable[[Any], Any]) -> Any:
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*(_tree_map(v, fn) for v in value))
    if isinstance(value, (list, tuple)):
        return type(value)(_tree_map(v, fn) for v in value)
    if isinstance(value, dict):
        return {k: _tree_map(v, fn) for k, v in value.items()}
    return fn(value)


def batch_size(args: tuple, kwargs: dict) -> Optional[int]:
    import torch

    for value in list(args) + list(kwargs.values()):
        if isinstance(value, torch.Tensor) and value.dim() >= 1:
            return int(value.shape[0])
    return None


def _vary_batch(first: tuple[tuple, dict]) -> Optional[tuple[tuple, dict]]:
    """The first input set with another batch size: rows repeated, so values stay in range."""
    import torch

    args, kwargs = first
    batch = batch_size(args, kwargs)
    if batch is None or batch == 0:
        return None
    new = batch + 2

    def resize(t: Any) -> Any:
        if isinstance(t, torch.Tensor) and t.dim() >= 1 and t.shape[0] == batch:
            repeats = -(-new // batch)
            return torch.cat([t] * repeats)[:new].clone()
        return t

    return _tree_map(args, resize), _tree_map(kwargs, resize)


def _describe(args: tuple, kwargs: dict) -> str:
    import torch

    def one(v: Any) -> str:
        if isinstance(v, torch.Tensor):
            dtype = str(v.dtype).replace("torch.", "")
            return f"{dtype}[{','.join(str(d) for d in v.shape)}]"
        if isinstance(v, (list, tuple)):
            return "(" + ", ".join(one(x) for x in v) + ")"
        return type(v).__name__

    parts = [one(a) for a in args] + [f"{k}={one(v)}" for k, v in kwargs.items()]
    return ", ".join(parts)


def main() -> None:
    events = Events(int(sys.argv[1]))
    request = json.loads(sys.stdin.read())
    sys.stdin = open(os.devnull)  # user code asking for input gets EOF, not a hang
    options = request["options"]
    faulthandler.enable()  # a segfault leaves a Python traceback in the captured output
    note = apply_memory_limit(options.get("memory_limit_mb"), options.get("device", "cpu"))
    started = time.perf_counter()
    try:
        session = Session(options)
    except SetupError as exc:
        events.emit("setup", ok=False, stage=exc.stage, error=exc.message, location=exc.location)
        _exit(events)
    except BaseException as exc:  # torch import failing, MemoryError, anything: report it
        events.emit("setup", ok=False, stage="setup", error=first_line(exc), location=None)
        _exit(events)
    if note:
        session.notes.append(note)
    info = session.info()
    info["timing"]["setup_s"] = time.perf_counter() - started
    events.emit("setup", ok=True, info=info)
    from torchlint.runtime_check.backends import run_backend

    for backend in request["backends"]:
        events.emit("backend_start", backend=backend)
        result = run_backend(session, backend)
        events.emit("backend", backend=backend, result=result)
    _exit(events)


def _exit(events: Events) -> None:
    """Leave without running the user's atexit hooks or waiting for their threads."""
    events.stream.flush()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
