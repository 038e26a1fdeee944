"""What to verify and how: target and input specs, options. Parent side: never imports torch.

A target is ``package.module:attr`` or ``path/to/file.py:attr`` (``attr`` may be dotted). It names
a factory (a zero-argument callable or an ``nn.Module`` class) that returns the model, a plain
function to verify as is, or a module-level model instance.

Inputs are ``package.module:callable`` / ``file.py:callable`` returning a list of argument tuples
(or dicts of keyword arguments), or a shape spec: one or more ``dtype[d0,d1,...]`` separated by
``;`` or whitespace, one tensor argument each, e.g. ``float32[2,3,32,32]`` or
``"float32[4,16]; int64[4]"``. Each ``--inputs`` adds input sets.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import asdict, dataclass, field
from typing import Any, Optional

# Back-ends in run order. "export" is non-strict (torch's default), "export-strict" the strict mode.
BACKENDS: tuple[str, ...] = ("script", "trace", "compile", "export", "export-strict", "onnx")
DEFAULT_BACKENDS: tuple[str, ...] = ("script", "trace", "compile", "export", "export-strict")
# Names accepted by --backend; "export" asks for both export modes.
BACKEND_ALIASES: dict[str, tuple[str, ...]] = {
    "script": ("script",),
    "trace": ("trace",),
    "compile": ("compile",),
    "export": ("export", "export-strict"),
    "export-nonstrict": ("export",),
    "export-strict": ("export-strict",),
    "onnx": ("onnx",),
}
DTYPES: tuple[str, ...] = (
    "float32", "float", "float64", "double", "float16", "half", "bfloat16",
    "int64", "long", "int32", "int", "int16", "int8", "uint8", "bool",
)  # fmt: skip

_TENSOR_SPEC = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*\[\s*([0-9,\s]*)\]\s*$")


class SpecError(ValueError):
    """A target, input or option spec the user wrote wrongly (exit code 2)."""


@dataclass(frozen=True)
class TargetSpec:
    """``module`` is a dotted module name, or ``path`` a .py file; ``attr`` the dotted attribute."""

    text: str
    attr: str
    module: Optional[str] = None
    path: Optional[str] = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def parse_target(text: str, cwd: Optional[str] = None) -> TargetSpec:
    """Parse ``pkg.mod:attr`` or ``path/to/file.py:attr``; file paths become absolute."""
    text = text.strip()
    where, sep, attr = text.rpartition(":")
    if not sep or not where or not attr:
        raise SpecError(
            f"target {text!r} must be 'package.module:callable' or 'path/to/file.py:callable'"
        )
    if not all(part.isidentifier() for part in attr.split(".")):
        raise SpecError(f"target {text!r}: {attr!r} is not a Python attribute name")
    if where.endswith(".py") or os.sep in where or "/" in where:
        path = os.path.abspath(os.path.join(cwd or os.getcwd(), where))
        if not os.path.isfile(path):
            raise SpecError(f"target {text!r}: no such file {where!r}")
        return TargetSpec(text=text, attr=attr, path=path)
    if not all(part.isidentifier() for part in where.split(".")):
        raise SpecError(f"target {text!r}: {where!r} is not a module name")
    return TargetSpec(text=text, attr=attr, module=where)


@dataclass(frozen=True)
class TensorSpec:
    dtype: str
    shape: tuple[int, ...]


def parse_shape_spec(text: str) -> Optional[list[TensorSpec]]:
    """The tensors of a shape spec, or None when ``text`` is not one (then it is a target)."""
    parts = [p for p in re.split(r"[;\s]+(?![^\[]*\])", text.strip()) if p]
    if not parts:
        return None
    specs = []
    for part in parts:
        match = _TENSOR_SPEC.match(part)
        if not match:
            return None
        dtype, dims = match.group(1), match.group(2)
        if dtype not in DTYPES:
            raise SpecError(
                f"input spec {text!r}: unknown dtype {dtype!r} (one of {', '.join(DTYPES)})"
            )
        shape = tuple(int(d) for d in dims.replace(" ", "").split(",") if d)
        specs.append(TensorSpec(dtype=dtype, shape=shape))
    return specs


@dataclass(frozen=True)
class InputSpec:
    """One ``--inputs`` value: a shape spec (``tensors``) or a callable (``target``)."""

    text: str
    tensors: Optional[tuple[TensorSpec, ...]] = None
    target: Optional[TargetSpec] = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "tensors": [asdict(t) for t in self.tensors] if self.tensors else None,
            "target": self.target.to_dict() if self.target else None,
        }


def parse_inputs(text: str, cwd: Optional[str] = None) -> InputSpec:
    tensors = parse_shape_spec(text)
    if tensors is not None:
        return InputSpec(text=text, tensors=tuple(tensors))
    if ":" not in text:
        raise SpecError(
            f"input spec {text!r} is neither a shape spec like 'float32[2,3,32,32]' "
            "nor 'package.module:make_inputs'"
        )
    return InputSpec(text=text, target=parse_target(text, cwd))


def parse_backends(text: str) -> tuple[str, ...]:
    """``script,trace,export`` -> the back-ends to run, in run order; ``all`` adds onnx."""
    wanted: set[str] = set()
    for name in (n.strip().lower() for n in text.split(",")):
        if not name:
            continue
        if name == "all":
            wanted.update(BACKENDS)
        elif name in BACKEND_ALIASES:
            wanted.update(BACKEND_ALIASES[name])
        else:
            known = [*BACKEND_ALIASES, "all"]
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise SpecError(f"unknown back-end {name!r}{hint} (one of {', '.join(known)})")
    if not wanted:
        raise SpecError("no back-end given")
    return tuple(b for b in BACKENDS if b in wanted)


@dataclass
class VerifyOptions:
    """Everything the child needs; sent to it as JSON."""

    target: TargetSpec
    inputs: list[InputSpec] = field(default_factory=list)
    backends: tuple[str, ...] = DEFAULT_BACKENDS
    device: str = "cpu"  # cpu | cuda | auto
    dtype: Optional[str] = None  # cast the model and floating inputs
    rtol: Optional[float] = None  # None: the dtype's default
    atol: Optional[float] = None
    timeout: float = 120.0  # seconds, per back-end
    setup_timeout: Optional[float] = None  # import, build, inputs, eager run; None: ``timeout``
    memory_limit_mb: Optional[int] = 8192  # RLIMIT_AS of the child; None: no limit
    train: bool = False
    vary_batch: bool = False
    compile_backend: str = "eager"
    # Latency rounds (eager, back-end) after ``warmup`` rounds: ``repeat`` exactly when given
    # (0 skips timing), else as many as fit in ``time_budget`` seconds per back-end, within
    # ``min_repeat`` .. ``max_repeat``.
    repeat: Optional[int] = None
    warmup: int = 1
    time_budget: float = 3.0
    min_repeat: int = 3
    max_repeat: int = 100
    seed: int = 0
    static: bool = False
    cache_dir: Optional[str] = None  # the lint cache of --static; None: check's for the project
    use_cache: bool = True
    coverage: bool = False  # record the lines of user files the eager run executes
    cwd: str = field(default_factory=os.getcwd)
    sys_path: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["target"] = self.target.to_dict()
        data["inputs"] = [i.to_dict() for i in self.inputs]
        data["backends"] = list(self.backends)
        return data
