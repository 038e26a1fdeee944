"""Generate ``rules/dynamo_tables.json``: what torch.compile's Dynamo traces, asked of torch.

The rules must not import torch, so what Dynamo can trace is read from torch here, once per
torch version, and stored as data keyed by ``major.minor``:

    python benchmarks/dynamo_tables.py          # add / refresh the installed torch's entry
    python benchmarks/dynamo_tables.py --only torch_state_query_breaks   # refresh one table

- ``numpy_traced``: the NumPy functions (``numpy.X``, ``numpy.linalg.X``, ``numpy.fft.X``,
  ``numpy.random.X``) that ``torch._numpy`` implements. Dynamo traces NumPy code through ``torch._numpy``, so a
  call of any other NumPy function on traced data fails ``fullgraph=True`` ("attempted to
  trace numpy function unsupported by PyTorch") and breaks plain ``torch.compile``.
- ``numpy_number_refused``: the NumPy functions outside ``numpy_traced``
  (``numpy.polynomial.legendre.leggauss``, ``numpy.nanmean``) whose call on Python numbers in
  compiled code fails ``fullgraph=True`` ("Attempted to call function marked as skipped").
- ``torch_skipped``: the public torch callables (functions, and classes such as context
  managers, of the namespaces in ``TORCH_NAMESPACES`` and ``MORE_TORCH_NAMESPACES``, defined
  in torch) that Dynamo refuses: ``torch._dynamo.trace_rules.lookup`` marks them (or a
  class's ``__init__``) as skipped, and a call in compiled code really fails
  ``fullgraph=True`` ("Attempted to call function marked as skipped") and breaks plain
  ``torch.compile``; ``torch_skip_breaks`` gives the graph-break type of those that fail
  another way ("Attempted to inline function marked as skipped" for a constructor,
  "Sparse tensor creation not supported").
- ``io_refused``: the ``io`` classes (``io.BytesIO``, ``io.StringIO``, ...) whose
  construction in compiled code fails ``fullgraph=True`` ("Unsupported method call").
- ``math_data_refused``: the ``math`` functions whose use on a Python number read from tensor
  data (``float(t)``, ``t.item()``) fails ``fullgraph=True``: the call (``"call"``:
  ``math.exp``, "Could not guard on data-dependent expression") or a power of its result
  (``"power"``: ``math.cos(v) ** 2``, InternalTorchDynamoError).
- ``vmap_trace_refused``: the tensor methods that, called without arguments in a function
  ``torch.func.vmap`` maps, make ``torch.jit.trace`` record the batch size: alone
  (``"alone"``: ``x.flatten()``; ``"minus_one"``: ``x.reshape(-1)``) or as a per-sample 0-d result met with the sample in
  arithmetic (``"broadcast"``: ``x - x.mean()``); the trace fails on another batch size.
- ``math_size_refused``: the ``math`` functions (``math.isqrt``, ``math.gcd``, ...) whose call
  on a size fails ``fullgraph=True`` ("torch.* op returned non-Tensor") once the size varies
  between calls and Dynamo makes it symbolic.
- ``torch_non_tensor_ops``: the public ``torch.*`` operators whose every schema takes a tensor
  and returns one Python value (``torch.result_type`` a dtype, ``torch.is_same_size`` a bool),
  called on tensors in compiled code, with the graph-break type ``fullgraph=True`` raises
  ("torch.* op returned non-Tensor"); ``tensor_non_tensor_methods`` the tensor methods of those
  names (``x.is_conj()``) that fail so too.
- ``torch_state_query_breaks``: the argument-free queries of torch's state
  (``torch.get_num_threads()``, ``torch.initial_seed()``, ``torch.is_inference_mode_enabled()``,
  ``torch.backends.mps.is_available()``) that return a Python value and fail ``fullgraph=True``
  in compiled code, with the graph-break type ("torch.* op returned non-Tensor").
- ``torch_value_op_breaks``: the ``torch.*`` operators that take no tensor but take arguments
  and return a Python value (``torch.can_cast(dtype, dtype)``), that Dynamo does not fold
  and compiled code breaks on ("torch.* op returned non-Tensor").
- ``stdlib_inlined_refused``: the pure-Python functions of ``STDLIB_INLINED_MODULES``
  (``ast.literal_eval``, ``json.loads``, ``shlex.split``) whose call on string constants fails
  ``fullgraph=True`` (Dynamo inlines them and meets a builtin it refuses: "Failed to trace
  builtin operator").
- ``torch_int_argument_refused``: the torch factories with an argument their schema types
  ``int``, not ``SymInt`` (``torch.fft.fftfreq(n)``, ``torch.hann_window(window_length)``),
  that fail ``fullgraph=True`` and ``torch.export`` given a 0-d tensor computed from an input
  ("Could not extract specialized integer from data-dependent expression"), with each
  argument's position and the two errors.
- ``str_list_mutation_refused``: the ``str`` methods returning a list (``split``) whose
  result Dynamo cannot change in place, and the changes (``parts[0] = x``, ``parts.pop()``)
  ``fullgraph=True`` refuses on it with their graph-break types ("missing_mp_ass_subscript",
  "Unsupported method call").
- ``builtins_refused``: the builtins (``eval``, ``exec``, ``compile``, ``bytes``) Dynamo has no
  handler for: a call in compiled code, of arguments eager accepts, fails ``fullgraph=True``
  ("Failed to trace builtin operator").
- ``stdlib_refused_classes``: the classes of ``STDLIB_CLASS_MODULES`` (``decimal.Decimal``)
  whose construction in compiled code fails ``fullgraph=True``, and the methods
  (``contextvars.ContextVar.get``) whose call on an instance made outside it fails so, each
  with the graph-break type ("Unsupported function call", "Unsupported method call").
- ``nested_refused``: the ``torch.nested`` constructors (``nested_tensor``,
  ``as_nested_tensor``) that, given a list of a module input's pieces, fail both
  ``torch.compile(fullgraph=True)`` and ``torch.export``: each with the graph-break type and
  the export error ("Operator does not support running with fake tensors",
  "UnsupportedOperatorException: aten._nested_tensor_from_tensor_list.default").
- ``size_refused``: the callables of ``math`` and ``fractions`` (``fractions.Fraction``,
  ``math.gcd``) that fail on a module input's size: under ``"compile"`` those
  ``fullgraph=True`` refuses once the size varies between calls ("torch.* op returned
  non-Tensor", ``Fraction(w, h)`` reducing by ``math.gcd``), under ``"trace"`` those that
  raise while ``torch.jit.trace`` runs them (a traced size is a 0-d tensor:
  ``Fraction(w, h)``, ``math.trunc(n)``: TypeError).
- ``nn_parameter_modules``: the ``torch.nn`` module classes whose constructor (its own or an
  inherited one of ``torch.nn``) creates an ``nn.Parameter``, read from torch's source: Dynamo
  refuses the ``Parameter()`` constructor ("Attempted to use `torch.nn.Parameter()` constructor
  with Dynamo"), so building one of these in compiled code breaks the graph.
- ``tensor_setattr_refused``: the tensor attributes (C get-set descriptors of ``torch.Tensor``)
  whose assignment in compiled code Dynamo refuses (``t.real = ...``, ``t.imag *= -1``:
  "Failed to set tensor attribute").
- ``copy_refused``: the builtin types (``dict``, ``list``, ``set``) whose ``copy.copy`` Dynamo
  refuses: copy's dispatch table maps them to their C ``copy`` method, a skipped function.
- ``fake_refused``: the torch functions with no fake-tensor kernel for symbolic sizes
  (``torch.binomial``, ``torch.histogram``): candidates from the dispatcher (no Meta or
  CompositeImplicitAutograd kernel, no decomposition, no fake implementation; or a
  CompositeImplicitAutograd function that, called on arguments built from its schema,
  dispatches to such an op: ``torch.fake_quantize_per_tensor_affine``), confirmed by
  compiling a call with ``dynamic=False`` (passes) and ``dynamic=True`` ("Operator does not
  support running with fake tensors"). ``distribution_fake_refused``: the ``torch.distributions``
  classes whose ``sample`` / ``rsample`` source calls one of them (``Binomial.sample``), with the function it calls.
- ``nn_parameter_free``: for those classes, the settings of their boolean constructor flags
  that make no parameter (``LayerNorm(d, elementwise_affine=False)``): building one so in
  compiled code calls no ``Parameter()`` and compiles.
- ``nn_tensor_modules``: the ``torch.nn`` module classes whose ``forward`` is annotated as
  returning one ``Tensor`` (``Linear``, ``ReLU``, ``Conv2d``; not ``LSTM`` or
  ``MultiheadAttention``, which return tuples, nor ``Identity`` or the containers): calling one
  gives a tensor, never a tuple.
- ``torch_seeded_ops``: the public torch functions (``torch.X``, ``torch.nn.functional.X``)
  and tensor methods that draw from torch's random generator (``torch.randint``,
  ``F.dropout``, ``x.bernoulli()``): their ``aten::`` op is tagged
  ``nondeterministic_seeded``, or a call on a small float tensor (or a shape) changes
  ``torch.get_rng_state()`` (``F.gumbel_softmax``, ``torch.svd_lowrank``). A call of one that
  eager skips (an untaken branch) leaves every later draw as it was; running it anyway does not.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "rules" / "dynamo_tables.json"
NUMPY_SUBMODULES = ("linalg", "fft", "random")


def numpy_traced() -> list[str]:
    import numpy as np
    import torch._numpy as tnp

    traced = []
    for prefix, ours, theirs in [("", np, tnp)] + [
        (f"{sub}.", getattr(np, sub), getattr(tnp, sub, None)) for sub in NUMPY_SUBMODULES
    ]:
        for name in dir(ours):
            if name.startswith("_") or not callable(getattr(ours, name, None)):
                continue
            if theirs is not None and callable(getattr(theirs, name, None)):
                traced.append(prefix + name)
    return sorted(traced)


# The NumPy namespaces asked for ``numpy_number_refused`` (``numpy.random`` is TL305's).
NUMPY_NUMBER_NAMESPACES = (
    "", "linalg", "fft", "polynomial.polynomial", "polynomial.legendre", "polynomial.chebyshev",
    "polynomial.hermite", "polynomial.hermite_e", "polynomial.laguerre",
)  # fmt: skip
# Number arguments tried in turn, the first eager accepts (without a warning) kept.
NUMPY_NUMBER_ARGUMENTS = ((3,), (3, 2), (4, 2.0), (3, 3, 3))


def numpy_number_refused() -> dict[str, str]:
    """The NumPy functions outside ``numpy_traced`` (``"polynomial.legendre.leggauss"``,
    ``"nanmean"``) that, called in compiled code on Python numbers eager accepts, fail
    ``fullgraph=True``, each with the graph-break type ("Attempted to call function marked as
    skipped", "attempted to trace numpy function unsupported by PyTorch"). The few Dynamo
    maps to a traced function (``numpy.atan2``) are not kept; classes are not asked."""
    import warnings

    import numpy as np
    import torch

    traced = set(numpy_traced())
    found: dict[str, str] = {}
    for namespace in NUMPY_NUMBER_NAMESPACES:
        module = np
        for part in namespace.split(".") if namespace else ():
            module = getattr(module, part)
        prefix = f"{namespace}." if namespace else ""
        for name in sorted(dir(module)):
            function = getattr(module, name, None)
            if name.startswith("_") or not callable(function) or isinstance(function, type):
                continue
            if prefix + name in traced:
                continue
            for arguments in NUMPY_NUMBER_ARGUMENTS:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("error")
                        function(*arguments)
                except Exception:  # noqa: BLE001 - eager rejects them, or warns
                    continue

                def call(x, function=function, arguments=arguments):
                    function(*arguments)
                    return x + 1

                refusal = _compiled_break(call, torch.ones(1))
                if refusal is not None:
                    found[prefix + name] = refusal
                break
    return found


TORCH_NAMESPACES = (
    "torch",
    "torch.nn.functional",
    "torch.linalg",
    "torch.fft",
    "torch.special",
    "torch.sparse",
    "torch.autograd",
    "torch.random",
    "torch.cuda",
    "torch.nn.utils",
    "torch.nn.utils.rnn",
)


# Where else model code reaches for torch callables Dynamo may refuse (checkpointing, anomaly
# detection, profiling, custom-op registration, data loading, the hub, torch.masked's
# MaskedTensor constructors): asked with the
# namespaces above, and confirmed by a call (``_refusal``).
MORE_TORCH_NAMESPACES = (
    "torch.utils.checkpoint",
    "torch.autograd.anomaly_mode",
    "torch.autograd.grad_mode",
    "torch.autograd.variable",
    "torch.autograd.graph",
    "torch.autograd.profiler",
    "torch.library",
    "torch.utils.data",
    "torch.hub",
    "torch.amp",
    "torch.cpu",
    "torch.jit",
    "torch.utils.dlpack",
    "torch.nn.attention.bias",
    "torch.quasirandom",
    "torch.masked",
)

# The graph-break types that say Dynamo refuses the callable itself (whatever its arguments).
REFUSALS = (
    "Attempted to call function marked as skipped",
    "Attempted to inline function marked as skipped",
    "Sparse tensor creation not supported",
)


def _skip_looked_up(obj) -> bool:
    import torch._dynamo.trace_rules as trace_rules
    from torch._dynamo.variables.functions import SkipFunctionVariable

    try:
        variable = trace_rules.lookup(obj)
    except Exception:  # noqa: BLE001 - a callable trace_rules cannot key
        return False
    return variable is not None and issubclass(variable, SkipFunctionVariable)


def _refusal(function) -> str | None:
    """The graph-break type Dynamo raises when compiled code calls ``function`` (without
    arguments: a refused callable is refused before its arguments are looked at), if it is
    one of ``REFUSALS``; None when Dynamo traces or handles the call (``torch.utils.checkpoint
    .checkpoint``, ``torch.set_grad_enabled``, ``torch.no_grad``)."""
    import torch
    from torch._dynamo.exc import Unsupported

    def probe(x):
        function()
        return x + 1

    torch._dynamo.reset()
    try:
        torch.compile(probe, fullgraph=True, backend="eager")(torch.ones(1))
    except Unsupported as exc:
        return exc.gb_type if exc.gb_type in REFUSALS else None
    except Exception:  # noqa: BLE001 - traced, then failed on the missing arguments
        return None
    finally:
        torch._dynamo.reset()
    return None


def _skipped(namespaces: tuple[str, ...], torch_only: bool) -> list[str]:
    """The public functions of ``namespaces`` that Dynamo's ``trace_rules.lookup`` maps to
    ``SkipFunctionVariable`` (with ``torch_only``, only those torch itself defines)."""
    import importlib

    skipped = []
    for namespace in namespaces:
        module = importlib.import_module(namespace)
        for name in dir(module):
            function = getattr(module, name, None)
            if name.startswith("_") or not callable(function) or isinstance(function, type):
                continue
            if torch_only and not (getattr(function, "__module__", None) or "").startswith("torch"):
                continue  # a re-exported typing or stdlib name
            if _skip_looked_up(function):
                skipped.append(f"{namespace}.{name}")
    return sorted(skipped)


@functools.cache
def torch_refused() -> dict[str, str]:
    """The public torch callables (functions and classes, of ``TORCH_NAMESPACES`` and
    ``MORE_TORCH_NAMESPACES``, defined in torch) that Dynamo refuses, each with the
    graph-break type a call raises under ``fullgraph=True``: the ones ``trace_rules.lookup``
    marks as skipped, or classes whose ``__init__`` it marks so (``torch.autograd
    .detect_anomaly``: "Attempted to inline function marked as skipped"), kept when a call in
    compiled code really fails that way (``_refusal``)."""
    import importlib
    import inspect
    import logging
    import warnings

    import torch

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    refused = {}
    for namespace in TORCH_NAMESPACES + MORE_TORCH_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in dir(module):
            obj = getattr(module, name, None)
            if name.startswith("_") or not callable(obj):
                continue
            if not (getattr(obj, "__module__", None) or "").startswith("torch"):
                continue  # a re-exported typing or stdlib name
            candidate = _skip_looked_up(obj)
            if not candidate and isinstance(obj, type):
                init = getattr(obj, "__init__", None)
                candidate = inspect.isfunction(init) and _skip_looked_up(init)
            if not candidate:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                refusal = _refusal(obj)
            if refusal is not None:
                refused[f"{namespace}.{name}"] = refusal
    return dict(sorted(refused.items()))


def torch_skipped() -> list[str]:
    return sorted(torch_refused())


# Standard-library modules whose C functions Dynamo's lookup answers for (it handles the
# `operator`, `math`, `itertools`, `functools` builtins itself, so those are not asked).
STDLIB_MODULES = (
    "bisect", "zlib", "hashlib", "pickle", "binascii", "re", "unicodedata", "secrets", "gc",
    "socket", "contextvars", "decimal",
)  # fmt: skip


def stdlib_skipped() -> list[str]:
    """The standard-library functions Dynamo marks as skipped (``"bisect.bisect"``,
    ``"zlib.crc32"``): compiled code calling one breaks the graph there."""
    return _skipped(STDLIB_MODULES, torch_only=False)


def stdlib_constant_folded() -> list[str]:
    """The skipped standard-library functions Dynamo calls itself, at trace time, when every
    argument is a Python constant (``re.fullmatch(pattern, name)`` of strings: its
    ``RE_CONSTANT_FOLD_FNS``), each confirmed by a ``fullgraph=True`` compile of a call on
    constants: compiled code calling one on constants does not break."""
    import torch
    from torch._dynamo.variables import functions

    folded = set(getattr(functions, "RE_CONSTANT_FOLD_FNS", ()))
    examples = {
        "escape": ("a.b",),
        "compile": ("a+",),
        "sub": ("a", "b", "aa"),
        "subn": ("a", "b", "aa"),
    }
    found = []
    for name in stdlib_skipped():
        module_name, _, attr = name.rpartition(".")
        function = getattr(__import__(module_name), attr, None)
        if function not in folded:
            continue
        arguments = examples.get(attr, ("a+", "aa"))

        def probe(x, function=function, arguments=arguments):
            function(*arguments)
            return x + 1

        if _compiled_break(probe, torch.ones(1)) is None:
            found.append(name)
    return sorted(found)


def torch_subclass_makers() -> dict[str, dict[str, str]]:
    """The public torch functions (of the namespaces above) annotated to return a strict
    subclass of ``torch.Tensor`` other than a parameter or buffer (``torch.nn.attention.bias
    .causal_lower_right``: a ``CausalBias``), called with small ints in compiled and exported
    code: each with the graph-break type ``fullgraph=True`` raises (``"compile"``: "Calling
    subclass default constructor with more than tensor argument") and the export error
    (``"export"``), kept when both fail."""
    import importlib
    import inspect
    import typing
    import warnings

    import torch

    plain = (torch.nn.Parameter, getattr(torch.nn, "Buffer", torch.nn.Parameter))
    found = {}
    for namespace in TORCH_NAMESPACES + MORE_TORCH_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in dir(module):
            function = getattr(module, name, None)
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            try:
                returned = typing.get_type_hints(function).get("return")
            except Exception:  # noqa: BLE001 - annotations naming what is not importable
                continue
            if not (
                isinstance(returned, type)
                and issubclass(returned, torch.Tensor)
                and returned is not torch.Tensor
                and not issubclass(returned, plain)
            ):
                continue
            parameters = inspect.signature(function).parameters.values()
            required = [
                p
                for p in parameters
                if p.default is inspect.Parameter.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
            variadic = any(p.kind is p.VAR_POSITIONAL for p in parameters)
            arguments = tuple(range(2, 2 + len(required) + 2 * variadic))  # (*size): 2 ints

            class Probe(torch.nn.Module):
                def forward(self, x, function=function, arguments=arguments):
                    made = function(*arguments)
                    return x + made.shape[-1]

            x = torch.randn(2)
            compile_break = _compiled_break(Probe(), x)
            if compile_break is None:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    torch.export.export(Probe(), (x,))
                    continue
                except Exception as exc:  # noqa: BLE001 - the export error is the answer
                    export_error = _first_line(exc)
            found[f"{namespace}.{name}"] = {"compile": compile_break, "export": export_error}
    return dict(sorted(found.items()))


def _first_line(exc: BaseException) -> str:
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {first[:160]}".rstrip(": ")


def torch_export_refused(names: list[str] | None = None) -> dict[str, str]:
    """The skipped torch callables (``torch_skipped``) that ``torch.export`` refuses too when
    module code calls them on a tensor (a 6 x 6 symmetric positive definite matrix, which
    eager accepts): ``torch.to_dlpack`` reads the data pointer of export's fake tensor,
    ``torch.lobpcg`` guards its convergence loop on data; and the skipped classes whose
    construction in module code, with a small int for each required argument, export refuses
    (``torch.quasirandom.SobolEngine(3)`` fills its state tensors in place: "data is not
    allocated yet"). Each with the export error."""
    import inspect
    import warnings

    import torch

    torch.manual_seed(0)
    a = torch.randn(6, 6)
    x = a @ a.t() + 6 * torch.eye(6)
    found = {}
    for name in torch_skipped() if names is None else names:
        module_name, _, attr = name.rpartition(".")
        owner = __import__(module_name, fromlist=[attr]) if "." in module_name else torch
        function = getattr(owner, attr, None)
        if function is None:
            continue
        if isinstance(function, type):
            try:
                parameters = list(inspect.signature(function).parameters.values())
            except (TypeError, ValueError):
                continue
            required = [
                p
                for p in parameters
                if p.default is inspect.Parameter.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
            arguments = tuple(3 for _ in required)

            class Probe(torch.nn.Module):
                def forward(self, x, function=function, arguments=arguments):
                    function(*arguments)
                    return x + 1

        else:

            class Probe(torch.nn.Module):
                def forward(self, x, function=function):
                    function(x)
                    return x + 1

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                Probe()(x.clone())
            except Exception:  # noqa: BLE001 - takes other arguments
                continue
            try:
                torch.export.export(Probe(), (x.clone(),))
            except Exception as exc:  # noqa: BLE001 - the export error is the answer
                found[name] = _first_line(exc)
    return dict(sorted(found.items()))


def io_refused() -> list[str]:
    """The ``io`` classes whose construction in compiled code Dynamo refuses (``io.BytesIO()``,
    ``io.StringIO()``: "Unsupported method call"), asked of those constructible without
    arguments."""
    import io
    import logging
    import warnings

    import torch
    from torch._dynamo.exc import Unsupported

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    refused = []
    for name in dir(io):
        cls = getattr(io, name)
        if name.startswith("_") or not isinstance(cls, type) or issubclass(cls, BaseException):
            continue
        try:
            cls()
        except Exception:  # noqa: BLE001 - needs arguments (a file, a raw stream)
            continue

        def probe(x, cls=cls):
            cls()
            return x + 1

        torch._dynamo.reset()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch.compile(probe, fullgraph=True, backend="eager")(torch.ones(1))
        except Unsupported:
            refused.append(f"io.{name}")
        except Exception:  # noqa: BLE001 - another failure: not this table's
            pass
        finally:
            torch._dynamo.reset()
    return sorted(refused)


def math_size_refused() -> list[str]:
    """The ``math`` functions Dynamo refuses on a symbolic size (``math.isqrt(n)`` with
    ``n = x.shape[1]``): compiled for one size, then called with another (the size becomes
    symbolic), ``fullgraph=True`` raises "torch.* op returned non-Tensor". Each function is
    called with the size first, then ``2`` (``math.gcd(n, 2)``) when it takes two numbers."""
    import logging
    import math
    import warnings

    import torch
    from torch._dynamo.exc import Unsupported

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    refused = []
    for name in dir(math):
        function = getattr(math, name)
        if name.startswith("_") or not callable(function):
            continue
        for extra in ((), (2,)):
            try:
                function(16, *extra)
            except Exception:  # noqa: BLE001 - another arity or domain
                continue
            break
        else:
            continue  # takes no number of this size (an iterable, a domain of [-1, 1])

        def probe(x, function=function, extra=extra):
            return x * function(x.shape[1], *extra)

        torch._dynamo.reset()
        compiled = torch.compile(probe, fullgraph=True, backend="eager")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                compiled(torch.ones(2, 16))
                compiled(torch.ones(2, 36))
        except Unsupported as exc:
            if exc.gb_type == "torch.* op returned non-Tensor":
                refused.append(f"math.{name}")
        except Exception:  # noqa: BLE001 - another failure: not this table's
            pass
        finally:
            torch._dynamo.reset()
    return sorted(refused)


def vmap_trace_refused() -> dict[str, list[str]]:
    """The tensor methods that, called without arguments in a function ``torch.func.vmap``
    maps, make ``torch.jit.trace`` record the batch size (a batching rule's reshape): traced on
    a batch of 3, the trace fails or diverges on a batch of 2 (each sample's size differs too).
    Under ``"alone"`` those whose call does (``x.flatten()``, ``x.squeeze()``, ``x.max()``),
    under ``"minus_one"`` those whose call with the one argument ``-1`` does
    (``x.reshape(-1)``, ``x.view(-1)``); under ``"broadcast"`` those whose per-sample 0-d result, met with the sample in arithmetic
    (``x * 1.5 + x.m()``), does though the call alone traces right (``x - x.mean()``,
    ``x / x.norm()``: "shape '[3, 1, 1]' is invalid for input of size 2")."""
    import warnings

    import torch
    from torch.func import vmap

    def refused(per) -> bool:
        def mapped(x):
            return vmap(per)(x)

        a, b = torch.rand(3, 4, 6) + 0.5, torch.rand(2, 5, 6) + 0.5
        try:
            expected = mapped(b)
            if not isinstance(expected, torch.Tensor) or expected.dtype.is_complex:
                return False
        except Exception:  # noqa: BLE001 - eager or vmap rejects it: not this table's
            return False
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                traced = torch.jit.trace(mapped, (a,), check_trace=False)
        except Exception:  # noqa: BLE001 - the trace itself fails: TL325's or another rule's
            return False
        try:
            got = traced(b)
        except Exception:  # noqa: BLE001 - the recorded batch size fails the run
            return True
        return got.shape != expected.shape or not torch.allclose(got, expected, equal_nan=True)

    tables: dict[str, list[str]] = {"alone": [], "minus_one": [], "broadcast": []}
    for name in sorted(dir(torch.Tensor)):
        if name.startswith("_") or name.endswith("_"):
            continue
        if not callable(getattr(torch.Tensor, name, None)):
            continue

        def alone(r, name=name):
            return getattr(r, name)()

        def minus_one(r, name=name):
            return getattr(r, name)(-1)

        def met(r, name=name):
            return r * 1.5 + getattr(r, name)()

        if refused(minus_one):
            tables["minus_one"].append(name)
        if refused(alone):
            tables["alone"].append(name)
        else:
            try:
                zero_d = getattr(torch.rand(4, 6), name)().dim() == 0
            except Exception:  # noqa: BLE001 - no tensor result
                zero_d = False
            if zero_d and refused(met):
                tables["broadcast"].append(name)
    return tables


# The values a number read from tensor data is asked with (``float(t)`` of a 0-d tensor), the
# first pair the function's domain holds: a refusal is kept only where both values fail, so
# that it does not hang on one value's sign or range (``math.log2(v) ** 2`` fails only where
# the logarithm is negative, a runtime assertion); the second pair is for [-1, 1] (acos).
DATA_NUMBER_VALUES = ((0.3, 2.5), (0.3, 0.7))


def math_data_refused() -> dict[str, dict[str, str]]:
    """The ``math`` functions whose use on a Python number read from tensor data (``float(t)``,
    ``t.item()``) fails ``fullgraph=True``: under ``"call"`` those whose call on it does
    (``math.exp(float(t))``: "Could not guard on data-dependent expression"), under
    ``"power"`` those whose result raised to a power does (``math.cos(float(t)) ** 2``:
    InternalTorchDynamoError, "'OptimizedPythonReferenceAnalysis' has no attribute 'cos'"),
    each with the error's first line. Each function is called with the number first, then
    ``2`` (``math.atan2(v, 2)``) when it takes two numbers; a refusal is kept where both values
    of the first pair of ``DATA_NUMBER_VALUES`` its domain holds fail."""
    import logging
    import math
    import warnings

    import torch

    torch._logging.set_logs(dynamo=logging.CRITICAL)

    def refusal(probe, values) -> str | None:
        first = None
        for value in values:
            torch._dynamo.reset()
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    compiled = torch.compile(probe, fullgraph=True, backend="eager")
                    compiled(torch.ones(2), torch.tensor(value))
                return None
            except Exception as exc:  # noqa: BLE001 - the refusal is the exception
                lines = str(exc).strip().splitlines()
                first = first or f"{type(exc).__name__}: {lines[0] if lines else ''}"
            finally:
                torch._dynamo.reset()
        # "... data-dependent expression zuf0 (unhinted: zuf0)": the symbol's name is Dynamo's.
        return re.sub(r"(data-dependent expression) .*", r"\1", first or "")

    tables: dict[str, dict[str, str]] = {"call": {}, "power": {}}
    for name in sorted(dir(math)):
        function = getattr(math, name)
        if name.startswith("_") or not callable(function):
            continue
        for extra, values in ((e, v) for e in ((), (2,)) for v in DATA_NUMBER_VALUES):
            try:
                for value in values:
                    function(value, *extra)
            except Exception:  # noqa: BLE001 - another arity or domain
                continue
            break
        else:
            continue  # takes no such number (an iterable, an integer)

        def called(x, t, function=function, extra=extra):
            return x * function(float(t), *extra)

        def powered(x, t, function=function, extra=extra):
            return x * function(float(t), *extra) ** 2

        found = refusal(called, values)
        if found is not None:
            tables["call"][f"math.{name}"] = found
            continue
        found = refusal(powered, values)
        if found is not None:
            tables["power"][f"math.{name}"] = found
    return tables


NON_TENSOR_RETURNS = {"ScalarType", "bool", "int", "float", "SymInt", "Scalar", "str", "Device"}


def _schema_value(type_name: str):
    """A value eager accepts for an argument of this schema type ("T": the probe's tensor)."""
    import torch

    values = {"Tensor": "T", "int": 1, "SymInt": 1, "float": 1.0, "bool": False, "Scalar": 1}
    if type_name in values:
        return values[type_name]
    if type_name.startswith("List[int]"):
        return [1]
    if type_name == "ScalarType":
        return torch.float32
    raise KeyError(type_name)


def _compiled_break(probe, *example) -> str | None:
    """The graph-break type ``fullgraph=True`` raises on ``probe`` (None when it compiles or
    fails otherwise), once eager runs it."""
    import logging
    import warnings

    import torch
    from torch._dynamo.exc import Unsupported

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    try:
        probe(*example)
    except Exception:  # noqa: BLE001 - eager rejects these arguments
        return None
    torch._dynamo.reset()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.compile(probe, fullgraph=True, backend="eager")(*example)
    except Unsupported as exc:
        return exc.gb_type
    except Exception:  # noqa: BLE001 - another failure: not this table's
        return None
    finally:
        torch._dynamo.reset()
    return None


# Graph-break types that another rule owns (a data-dependent result: TL101, TL107).
OWNED_ELSEWHERE = ("Data dependent operator",)


def torch_non_tensor_ops() -> tuple[dict[str, str], dict[str, str]]:
    """The public ``torch.*`` operators every schema of which returns one non-tensor value
    (``NON_TENSOR_RETURNS``) and one of which takes a tensor, that compiled code calling them
    on a tensor breaks on, each with the graph-break type (``torch.result_type(x, x)``: "torch.*
    op returned non-Tensor"); and the tensor methods of those names that break so
    (``x.is_conj()``). Each is called with the first overload eager accepts given the probe's
    tensor for its tensors and plain values for the rest."""
    import torch

    schemas: dict[str, list] = {}
    for schema in torch._C._jit_get_all_schemas():
        if schema.name.startswith("aten::") and schema.overload_name != "out":
            schemas.setdefault(schema.name[6:], []).append(schema)
    functions, methods = {}, {}
    for name, overloads in sorted(schemas.items()):
        function = getattr(torch, name, None)
        # A tensor method with no torch.* function of its name (``x.storage_offset()``) is
        # asked as a method only.
        method_only = not callable(function) and callable(getattr(torch.Tensor, name, None))
        if name.startswith("_") or not (callable(function) or method_only):
            continue
        if not all(
            len(s.returns) == 1 and str(s.returns[0].type) in NON_TENSOR_RETURNS for s in overloads
        ):
            continue
        for schema in overloads:
            arguments = [
                a for a in schema.arguments if not a.kwarg_only and not a.has_default_value()
            ]
            try:
                spec = [_schema_value(str(a.type)) for a in arguments]
            except KeyError:
                continue
            if "T" not in spec:
                continue

            def call(x, function=function, spec=spec):
                function(*[x if v == "T" else v for v in spec])
                return x + 1

            refusal = None if method_only else _compiled_break(call, torch.ones(2, 2))
            if refusal is not None and refusal not in OWNED_ELSEWHERE:
                functions[f"torch.{name}"] = refusal
            if spec[0] == "T" and hasattr(torch.Tensor, name):

                def method(x, name=name, spec=spec):
                    getattr(x, name)(*[x if v == "T" else v for v in spec[1:]])
                    return x + 1

                refusal = _compiled_break(method, torch.ones(2, 2))
                if refusal is not None and refusal not in OWNED_ELSEWHERE:
                    methods[name] = refusal
            break
    return functions, methods


# Builtins not asked: they read the terminal, exit, open files or print (TL301, TL307, TL309).
BUILTINS_NOT_ASKED = {
    "breakpoint", "copyright", "credits", "exit", "help", "input", "license", "open", "print",
    "quit", "aiter", "anext",
}  # fmt: skip
# Arguments tried in turn, the first eager accepts kept: strings are code reading the probe's
# own local (`eval("x")`), so that Dynamo cannot fold the call into a constant.
BUILTIN_ARGUMENTS = ((), ("x",), ("x", "<s>", "eval"), (1,), ([1],), (1, 2))


def builtins_refused() -> list[str]:
    """The builtins Dynamo has no handler for (``eval``, ``exec``, ``compile``, ``bytes``):
    called in compiled code with arguments eager accepts, ``fullgraph=True`` raises "Failed to
    trace builtin operator"."""
    import builtins

    import torch

    refused = []
    for name in dir(builtins):
        function = getattr(builtins, name)
        if name.startswith("_") or name in BUILTINS_NOT_ASKED or not callable(function):
            continue
        if isinstance(function, type) and issubclass(function, BaseException):
            continue
        for arguments in BUILTIN_ARGUMENTS:
            source = ", ".join(repr(a) for a in arguments)
            scope: dict = {"function": function}
            exec(f"def probe(x):\n    function({source})\n    return x + 1\n", scope)
            refusal = _compiled_break(scope["probe"], torch.ones(1))
            if refusal is not None:
                if refusal == "Failed to trace builtin operator":
                    refused.append(name)
                break
            try:
                scope["probe"](torch.ones(1))
            except Exception:  # noqa: BLE001 - eager rejects these arguments: try the next
                continue
            break  # eager and Dynamo accept
    return sorted(refused)


# Arguments tried in turn for a torch function without a fake kernel, the first eager accepts
# kept: tensors of values in [0, 1) (a count and a probability for `binomial`).
FAKE_ARGUMENTS = (("x",), ("x", "x"), ("x", "4"))


def _fake_kernel_candidates() -> list[str]:
    """Public torch functions whose every functional aten overload has no Meta kernel, no
    CompositeImplicitAutograd kernel, no decomposition and no fake-tensor implementation
    (``_no_fake_kernel``), and those whose overloads are CompositeImplicitAutograd ones that
    dispatch, on schema-built arguments eager accepts, to an aten op without any
    (``torch.fake_quantize_per_tensor_affine``, which runs
    ``aten.fake_quantize_per_tensor_affine_cachemask``: ``_reaches_no_fake_kernel``)."""
    import torch

    names = sorted(
        {
            name.split("::")[1].split(".")[0]
            for name in torch._C._dispatch_get_all_op_names()
            if name.startswith("aten::")
        }
    )
    return [
        name
        for name in names
        if not name.startswith("_")
        and callable(getattr(torch, name, None))
        and (_no_fake_kernel(name) or _reaches_no_fake_kernel(name))
    ]


def _functional_overloads(name: str) -> list:
    import torch

    packet = getattr(torch.ops.aten, name, None)
    if packet is None:
        return []
    return [getattr(packet, o) for o in packet.overloads() if "out" not in o]


def _fake_supported(op) -> bool:
    """Whether the aten overload ``op`` has a Meta or CompositeImplicitAutograd kernel, a
    decomposition or a fake-tensor implementation."""
    import torch
    from torch._decomp import decomposition_table
    from torch._subclasses import fake_impls

    has = torch._C._dispatch_has_kernel_for_dispatch_key
    return bool(
        has(op.name(), "Meta")
        or has(op.name(), "CompositeImplicitAutograd")
        or op in decomposition_table
        or op in fake_impls.op_implementations_dict
        or any(check(op) for check, _ in fake_impls.op_implementations_checks)
    )


# Python sources for the required positional arguments of an aten schema, by type, for
# ``_schema_recipes``: the tensor is the probe's ``x`` (values in [0, 1)); integers are tried
# all 0, then all 1 (a zero point inside a quantisation range [0, 0]).
SCHEMA_SOURCES = {"Tensor": "x", "float": "0.5", "Scalar": "0.5", "bool": "False"}
SCHEMA_INTS = ("0", "1")


def _schema_recipes(name: str) -> list[tuple[str, ...]]:
    """Argument sources for ``torch.<name>`` built from its functional overloads' schemas:
    the required positional arguments only, each overload with a type ``SCHEMA_SOURCES`` or
    ``SCHEMA_INTS`` does not cover left out."""
    recipes: list[tuple[str, ...]] = []
    for op in _functional_overloads(name):
        for fill in SCHEMA_INTS:
            sources: list[str] = []
            for argument in op._schema.arguments:
                if argument.has_default_value():
                    continue
                kind = str(argument.type)
                if argument.kwarg_only:
                    sources = []
                    break
                if kind in ("int", "SymInt"):
                    sources.append(fill)
                elif kind in SCHEMA_SOURCES:
                    sources.append(SCHEMA_SOURCES[kind])
                else:
                    sources = []
                    break
            if "x" in sources and tuple(sources) not in recipes:
                recipes.append(tuple(sources))
    return recipes


def _reaches_no_fake_kernel(name: str) -> bool:
    """Whether every functional overload of ``aten::name`` is a CompositeImplicitAutograd one
    without a Meta kernel, and a call of ``torch.<name>`` on schema-built arguments eager
    accepts dispatches to an aten op none of whose kernels serve fake tensors."""
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    has = torch._C._dispatch_has_kernel_for_dispatch_key
    overloads = _functional_overloads(name)
    try:
        if not overloads or not all(
            has(op.name(), "CompositeImplicitAutograd") and not has(op.name(), "Meta")
            for op in overloads
        ):
            return False
    except RuntimeError:
        return False

    class Dispatched(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.ops: list = []

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            self.ops.append(func)
            return func(*args, **(kwargs or {}))

    function = getattr(torch, name)
    for recipe in _schema_recipes(name):
        scope: dict = {"function": function}
        exec(f"def probe(x):\n    return function({', '.join(recipe)})\n", scope)
        try:
            with Dispatched() as seen:
                scope["probe"](torch.rand(3, 4))
        except Exception:  # noqa: BLE001 - eager rejects these arguments: try the next
            continue
        return any(not _fake_supported(op) for op in seen.ops)
    return False


def fake_refused(names: tuple[str, ...] | None = None) -> dict[str, str]:
    """The torch functions with no fake-tensor kernel for symbolic sizes (``"torch.binomial"``,
    ``"torch.histogram"``): candidates read from the dispatcher (``_fake_kernel_candidates``;
    ``names`` instead where given: the private ones ``torch.distributions`` reaches), kept where a call on float tensors that eager runs compiles with ``dynamic=False`` and
    fails with ``dynamic=True`` ("Operator does not support running with fake tensors"), each
    with that graph-break type."""
    import warnings

    import torch
    from torch._dynamo.exc import Unsupported

    refused = {}
    for name in _fake_kernel_candidates() if names is None else names:
        function = getattr(torch, name)
        for recipe in FAKE_ARGUMENTS + tuple(_schema_recipes(name)):
            source = ", ".join(recipe)
            scope: dict = {"function": function}
            exec(f"def probe(x):\n    return function({source})\n", scope)
            example = torch.rand(3, 4)
            try:
                scope["probe"](example)
            except Exception:  # noqa: BLE001 - eager rejects these arguments: try the next
                continue
            outcome = {}
            for dynamic in (False, True):
                torch._dynamo.reset()
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        torch.compile(
                            scope["probe"], fullgraph=True, backend="eager", dynamic=dynamic
                        )(example)
                    outcome[dynamic] = None
                except Unsupported as exc:
                    outcome[dynamic] = exc.gb_type
                except Exception:  # noqa: BLE001 - another failure: not this table's
                    outcome[dynamic] = "other"
            torch._dynamo.reset()
            if outcome[False] is None and outcome[True] == FAKE_REFUSAL:
                refused[f"torch.{name}"] = FAKE_REFUSAL
            break
    return refused


FAKE_REFUSAL = "Operator does not support running with fake tensors"


def _no_fake_kernel(name: str) -> bool:
    """Whether every functional overload of ``aten::name`` has no Meta or
    CompositeImplicitAutograd kernel, no decomposition and no fake-tensor implementation."""
    overloads = _functional_overloads(name)
    try:
        return bool(overloads) and not any(_fake_supported(op) for op in overloads)
    except RuntimeError:
        return False


def _distribution_arguments(cls, x):
    """Constructor arguments for ``cls`` built from the tensor ``x`` (values in (0, 1)): each
    tensor argument of ``arg_constraints`` is ``x`` mapped onto its constraint's support
    (``biject_to``), an integer one is 3, ``probs`` wins over ``logits``; None when a constraint
    has no such map."""
    import inspect

    from torch.distributions import biject_to, constraints

    parameters = inspect.signature(cls.__init__).parameters
    table = cls.__dict__.get("arg_constraints", getattr(cls, "arg_constraints", {}))
    if not isinstance(table, dict):
        return None
    arguments: dict = {}
    for name, constraint in table.items():
        if name not in parameters or (name == "logits" and "probs" in table):
            continue
        if isinstance(constraint, constraints._IntegerGreaterThan):
            arguments[name] = 3
            continue
        if isinstance(constraint, constraints._IntegerInterval):
            arguments[name] = constraint.upper_bound
            continue
        try:
            arguments[name] = biject_to(constraint)(x)
        except Exception:  # noqa: BLE001 - no map onto this support: the class is not probed
            return None
    return arguments


def distribution_fake_refused(refused: dict[str, str]) -> dict[str, dict[str, str]]:
    """The ``torch.distributions`` classes whose ``sample`` / ``rsample`` calls a torch function
    with no fake-tensor kernel for symbolic sizes, with that function (``"Binomial": {"sample":
    "torch.binomial"}``, ``"Beta": {"rsample": "torch._sample_dirichlet"}``): those whose source
    calls one of ``refused``, and those whose call, built from a tensor by
    ``_distribution_arguments``, dispatches an aten op without such a kernel
    (``_no_fake_kernel``, recorded by a dispatch mode in eager; Beta's ``rsample`` reaches
    ``torch._sample_dirichlet`` through Dirichlet's autograd function), confirmed by compiling
    the construction and the call with ``dynamic=False`` (passes) and ``dynamic=True``
    ("Operator does not support running with fake tensors")."""
    import inspect
    import re
    import warnings

    import torch
    import torch.distributions as dist
    from torch._dynamo.exc import Unsupported
    from torch.utils._python_dispatch import TorchDispatchMode

    class Recorder(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.ops: set[str] = set()

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            self.ops.add(func.overloadpacket.__name__)
            return func(*args, **(kwargs or {}))

    found: dict[str, dict[str, str]] = {}
    example = torch.rand(3, 4) * 0.5 + 0.25
    for name in sorted(dir(dist)):
        cls = getattr(dist, name)
        if not (isinstance(cls, type) and issubclass(cls, dist.Distribution)):
            continue
        for member in ("sample", "rsample"):
            method = cls.__dict__.get(member)
            if method is None:
                continue
            source = inspect.getsource(method)
            for op in refused:
                if re.search(rf"\b{re.escape(op)}\(", source):
                    found.setdefault(name, {})[member] = op
                    break
        if cls is dist.Distribution or _distribution_arguments(cls, example) is None:
            continue
        for member in ("sample", "rsample"):
            if member in found.get(name, {}):
                continue

            def probe(x, cls=cls, member=member):
                instance = cls(**_distribution_arguments(cls, x), validate_args=False)
                return getattr(instance, member)()

            recorder = Recorder()
            try:
                with recorder, warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    probe(example)
            except Exception:  # noqa: BLE001 - eager refuses (no rsample): nothing to compile
                continue
            ops = sorted(op for op in recorder.ops if _no_fake_kernel(op) and hasattr(torch, op))
            if not ops:
                continue
            outcome = {}
            for dynamic in (False, True):
                torch._dynamo.reset()
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        torch.compile(probe, fullgraph=True, backend="eager", dynamic=dynamic)(
                            example
                        )
                    outcome[dynamic] = None
                except Unsupported as exc:
                    outcome[dynamic] = exc.gb_type
                except Exception:  # noqa: BLE001 - another failure: not this table's
                    outcome[dynamic] = "other"
            torch._dynamo.reset()
            if outcome[False] is None and outcome[True] == FAKE_REFUSAL:
                found.setdefault(name, {})[member] = f"torch.{ops[0]}"
    return found


@functools.cache
def fake_and_distribution_refused() -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """``fake_refused`` and ``distribution_fake_refused``, the first with the private torch
    functions the distributions reach (``torch._sample_dirichlet``), each confirmed alone by
    ``fake_refused``'s compile."""
    fake = fake_refused()
    distributions = distribution_fake_refused(fake)
    reached = {op for members in distributions.values() for op in members.values()}
    extra = tuple(sorted(op.removeprefix("torch.") for op in reached - set(fake)))
    if extra:
        fake = {**fake, **fake_refused(extra)}
        fake = {name: fake[name] for name in sorted(fake)}
    return fake, distributions


def tensor_setattr_refused() -> dict[str, str]:
    """The tensor attributes whose assignment Dynamo refuses (``"real"``, ``"imag"``: "Failed to
    set tensor attribute"), each with the graph-break type: every public attribute that
    ``torch.Tensor`` defines as a C get-set descriptor (what Dynamo's own
    ``is_tensor_getset_descriptor`` tests), set in compiled code on a real and then on a
    complex tensor made there, to a copy of the tensor (of its real part), ``True`` or
    ``None``: the first value eager accepts is kept. An attribute is listed when Dynamo refuses
    it both on a tensor made in the compiled code and on an input (``data`` is refused only on
    the former)."""
    import inspect
    import types

    import torch

    names = [
        name
        for name in dir(torch.Tensor)
        if not name.startswith("_")
        and type(inspect.getattr_static(torch.Tensor, name, None)) is types.GetSetDescriptorType
    ]
    makers = (lambda x: x.clone(), lambda x: torch.complex(x, x))
    values = (
        lambda t: t.detach().clone(),
        lambda t: t.real.clone() if t.is_complex() else t.clone(),
        lambda t: True,
        lambda t: None,
    )
    refused = {}
    for name in names:
        done = False
        for make in makers:
            for value in values:

                def probe(x, make=make, value=value, name=name):
                    t = make(x)
                    setattr(t, name, value(t))
                    return t + 1

                def on_input(x, t, value=value, name=name):
                    setattr(t, name, value(t))
                    return x + 1

                try:
                    probe(torch.rand(3))
                    on_input(torch.rand(3), make(torch.rand(3)))
                except Exception:  # noqa: BLE001 - eager rejects it: try the next
                    continue
                made_here = _compiled_break(probe, torch.rand(3))
                made_outside = _compiled_break(on_input, torch.rand(3), make(torch.rand(3)))
                if made_here is not None and made_here == made_outside:
                    refused[name] = made_here
                done = True
                break
            if done:
                break
    return dict(sorted(refused.items()))


def copy_refused() -> dict[str, str]:
    """The builtin types whose ``copy.copy`` Dynamo refuses (``"dict"``, ``"list"``,
    ``"set"``: ``copy.copy`` calls the type's C method ``dict.copy``, "Attempted to call function
    marked as skipped"), each with the graph-break type: every type of ``copy``'s own dispatch
    table, an instance made by calling it with no argument (and one with an element) copied in
    compiled code."""
    import copy

    import torch

    refused = {}
    for cls in copy._copy_dispatch:  # type: ignore[attr-defined]
        for value in ((1,), ()):
            try:
                instance = cls(value) if value else cls()
            except Exception:  # noqa: BLE001 - not made so: try the next
                continue

            def probe(x, instance=instance):
                copy.copy(instance)
                return x + 1

            refusal = _compiled_break(probe, torch.ones(1))
            if refusal is not None:
                refused[cls.__name__] = refusal
            break
    return dict(sorted(refused.items()))


# Standard-library modules whose classes model code keeps values or settings in (a context
# variable as a flag, a Decimal for rounding, a Fraction for a ratio).
STDLIB_CLASS_MODULES = ("contextvars", "decimal", "fractions")
# Arguments tried in turn for a constructor or a method, the first eager accepts kept.
CLASS_ARGUMENTS = ((), ("0.5",), (1,), (1, 2), (True,))


def _accepted_arguments(function):
    for arguments in CLASS_ARGUMENTS:
        try:
            function(*arguments)
        except Exception:  # noqa: BLE001 - another arity or type
            continue
        return arguments
    return None


def stdlib_refused_classes() -> dict[str, str]:
    """The classes of ``STDLIB_CLASS_MODULES`` whose construction in compiled code
    ``fullgraph=True`` refuses (``"decimal.Decimal"``: "Unsupported function call"), and the
    methods (``"contextvars.ContextVar.get"``: "Unsupported method call") whose call on an
    instance built outside the compiled code (a module-level value) it refuses, each with
    the graph-break type. Arguments are the first of ``CLASS_ARGUMENTS`` eager accepts."""
    import importlib

    import torch

    refused = {}
    for module_name in STDLIB_CLASS_MODULES:
        module = importlib.import_module(module_name)
        for name in dir(module):
            cls = getattr(module, name)
            if name.startswith("_") or not isinstance(cls, type) or issubclass(cls, BaseException):
                continue
            if cls.__module__.lstrip("_") != module_name:
                continue  # imported from another module (fractions.Decimal), asked there
            arguments = _accepted_arguments(cls)
            if arguments is None:
                continue

            def construct(x, cls=cls, arguments=arguments):
                cls(*arguments)
                return x + 1

            refusal = _compiled_break(construct, torch.ones(1))
            if refusal is not None:
                refused[f"{module_name}.{name}"] = refusal
            instance = cls(*arguments)
            for method_name in dir(cls):
                method = getattr(instance, method_name, None)
                if method_name.startswith("_") or not callable(method):
                    continue
                method_arguments = _accepted_arguments(getattr(cls(*arguments), method_name))
                if method_arguments is None:
                    continue

                def call(x, instance=instance, method_name=method_name, args=method_arguments):
                    getattr(instance, method_name)(*args)
                    return x + 1

                refusal = _compiled_break(call, torch.ones(1))
                if refusal is not None:
                    refused[f"{module_name}.{name}.{method_name}"] = refusal
    return dict(sorted(refused.items()))


def nested_refused() -> dict[str, dict[str, str]]:
    """The public ``torch.nested`` functions that build a nested tensor from a list of
    tensors and that both ``torch.compile(fullgraph=True)`` and ``torch.export`` refuse, in a
    module whose forward builds one from its input's rows and reduces each piece: each with
    the graph-break type (``"compile"``) and the export error (``"export"``)."""
    import logging
    import warnings

    import torch
    import torch.nested
    from torch._dynamo.exc import Unsupported

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    refused = {}
    for name in dir(torch.nested):
        function = getattr(torch.nested, name)
        if name.startswith("_") or not callable(function) or isinstance(function, type):
            continue
        if not (getattr(function, "__module__", None) or "").startswith("torch"):
            continue

        class Probe(torch.nn.Module):
            def forward(self, x, function=function):
                nested = function([x[:1], x[1:]])
                return torch.stack([piece.sum(0) for piece in nested.unbind()])

        x = torch.randn(3, 4)
        try:
            Probe()(x)
        except Exception:  # noqa: BLE001 - takes other arguments (a nested tensor, offsets)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch._dynamo.reset()
            try:
                torch.compile(Probe(), fullgraph=True, backend="eager")(x)
                continue
            except Unsupported as exc:
                compile_break = exc.gb_type
            except Exception:  # noqa: BLE001 - another failure: not this table's
                continue
            finally:
                torch._dynamo.reset()
            try:
                torch.export.export(Probe(), (x,))
                continue
            except Exception as exc:  # noqa: BLE001 - the export error is the answer
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
                export_error = f"{type(exc).__name__}: {first}".rstrip(": ")
        refused[f"torch.nested.{name}"] = {"compile": compile_break, "export": export_error}
    return dict(sorted(refused.items()))


def size_refused() -> dict[str, dict[str, int]]:
    """The callables of ``math`` and ``fractions.Fraction`` that fail on a tensor's size, per
    back-end: ``"compile"``, those ``fullgraph=True`` refuses once the size varies between
    calls (compiled for ``x.shape[1] == 16``, called with 36: "torch.* op returned
    non-Tensor"); ``"trace"``, those that raise while ``torch.jit.trace`` runs them on the
    size (a 0-d tensor while tracing). Each is called with the size alone, and with the size
    and ``2`` (``Fraction(n, 2)`` reduces by ``math.gcd``), where eager accepts it; its result
    is not used (the call alone fails). Each name maps to the fewest arguments that fail
    (``Fraction(n)`` compiles, ``Fraction(n, 2)`` does not: 2)."""
    import fractions
    import logging
    import math
    import warnings

    import torch
    from torch._dynamo.exc import Unsupported

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    candidates = [("fractions.Fraction", fractions.Fraction)] + [
        (f"math.{name}", getattr(math, name))
        for name in dir(math)
        if not name.startswith("_") and callable(getattr(math, name))
    ]
    refused: dict[str, dict[str, int]] = {"compile": {}, "trace": {}}
    for name, function in candidates:
        for extra in ((), (2,)):
            try:
                function(16, *extra)
            except Exception:  # noqa: BLE001 - another arity or domain
                continue

            def probe(x, function=function, extra=extra):
                function(x.shape[1], *extra)
                return x + 1

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch._dynamo.reset()
                compiled = torch.compile(probe, fullgraph=True, backend="eager")
                try:
                    compiled(torch.ones(2, 16))
                    compiled(torch.ones(2, 36))
                except Unsupported as exc:
                    if exc.gb_type == "torch.* op returned non-Tensor":
                        refused["compile"].setdefault(name, 1 + len(extra))
                except Exception:  # noqa: BLE001 - another failure: not this table's
                    pass
                finally:
                    torch._dynamo.reset()
                try:
                    torch.jit.trace(probe, (torch.ones(2, 16),))
                except TypeError:
                    refused["trace"].setdefault(name, 1 + len(extra))
                except Exception:  # noqa: BLE001 - another failure: not this table's
                    pass
    return {backend: dict(sorted(names.items())) for backend, names in refused.items()}


def nn_parameter_modules() -> list[str]:
    import inspect

    from torch import nn

    found = []
    for name in dir(nn):
        cls = getattr(nn, name)
        if name.startswith("_") or not (isinstance(cls, type) and issubclass(cls, nn.Module)):
            continue
        for klass in cls.__mro__:
            if klass is nn.Module or not klass.__module__.startswith("torch.nn"):
                break
            init = klass.__dict__.get("__init__")
            if init is not None and "Parameter(" in inspect.getsource(init):
                found.append(f"torch.nn.{name}")
                break
    return sorted(found)


def nn_parameter_free() -> dict[str, dict]:
    """The settings of the ``torch.nn`` classes' boolean constructor flags that leave the module
    without parameters (``LayerNorm(d, elementwise_affine=False)``, ``InstanceNorm1d(c)`` by
    default): each class of ``nn_parameter_modules`` whose required arguments a small int fills
    is built with every combination of its flags, and a combination that makes no
    ``nn.Parameter`` is kept. ``{"torch.nn.LayerNorm": {"flags": {"elementwise_affine": [2,
    true], "bias": [3, true]}, "free": [{"bias": true, "elementwise_affine": false}, ...]}}``:
    each flag's position among the constructor's arguments and its default."""
    import inspect
    import itertools

    from torch import nn

    found: dict[str, dict] = {}
    for qualified in nn_parameter_modules():
        cls = getattr(nn, qualified.rsplit(".", 1)[-1])
        try:
            signature = inspect.signature(cls.__init__)
        except (TypeError, ValueError):
            continue
        params = [p for p in signature.parameters.values() if p.name != "self"]
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            continue
        required = [p.name for p in params if p.default is p.empty]
        flags = {
            p.name: [index, p.default]
            for index, p in enumerate(params)
            if isinstance(p.default, bool)
        }
        if not flags or len(flags) > 5:
            continue
        free = []
        for values in itertools.product((False, True), repeat=len(flags)):
            setting = dict(zip(flags, values))
            try:
                module = cls(**{name: 4 for name in required}, **setting)
            except Exception:
                continue
            if not any(True for _ in module.parameters()):
                free.append(dict(sorted(setting.items())))
        if free:
            found[qualified] = {"flags": flags, "free": free}
    return found


def nn_lazy_modules() -> list[str]:
    """The ``torch.nn`` classes whose parameters stay uninitialized until their first forward
    (subclasses of ``torch.nn.modules.lazy.LazyModuleMixin``: ``LazyLinear``, ``LazyConv2d``)."""
    from torch import nn
    from torch.nn.modules.lazy import LazyModuleMixin

    return sorted(
        f"torch.nn.{name}"
        for name in dir(nn)
        if isinstance(getattr(nn, name), type) and issubclass(getattr(nn, name), LazyModuleMixin)
    )


def nn_tensor_modules() -> list[str]:
    """The ``torch.nn`` classes whose ``forward`` return annotation, resolved by
    ``typing.get_type_hints``, is ``torch.Tensor``; ``Identity`` left out (annotated so, it
    returns whatever it is given)."""
    import typing

    import torch
    from torch import nn

    found = []
    for name in dir(nn):
        cls = getattr(nn, name)
        if (
            name.startswith("_")
            or not (isinstance(cls, type) and issubclass(cls, nn.Module))
            or cls is nn.Identity
        ):
            continue
        try:
            hints = typing.get_type_hints(cls.forward)
        except Exception:  # noqa: BLE001 - an annotation torch cannot resolve: not sure
            continue
        if hints.get("return") is torch.Tensor:
            found.append(f"torch.nn.{name}")
    return sorted(found)


PYTHON_VALUE_TYPES = {"bool", "int", "float", "str", "None", "device", "dtype"}


def torch_state_queries() -> list[str]:
    """``torch.*`` functions that take no tensor and return a Python value about torch's
    state (``torch.are_deterministic_algorithms_enabled()``, ``torch.get_num_threads()``),
    from their annotations or, for operators, every schema's arguments and returns."""
    import inspect

    import torch

    schemas: dict[str, list] = {}
    for schema in torch._C._jit_get_all_schemas():
        if schema.name.startswith("aten::"):
            schemas.setdefault(schema.name[6:], []).append(schema)
    found = []
    for name in dir(torch):
        function = getattr(torch, name, None)
        if name.startswith("_") or not callable(function) or isinstance(function, type):
            continue
        if name in schemas:
            if all(
                len(s.returns) == 1
                and str(s.returns[0].type) in ("bool", "int", "float", "str", "ScalarType")
                and not any("Tensor" in str(a.type) for a in s.arguments)
                for s in schemas[name]
            ):
                found.append(f"torch.{name}")
            continue
        try:
            signature = inspect.signature(function)
        except (TypeError, ValueError):
            continue  # a C function without a signature: the rules go by its name
        returned = signature.return_annotation
        returned = getattr(returned, "__name__", str(returned))
        if returned in PYTHON_VALUE_TYPES and not any(
            "Tensor" in str(p.annotation) for p in signature.parameters.values()
        ):
            if returned != "None":
                found.append(f"torch.{name}")
    return sorted(found)


# Where model code asks torch about its own state (threads, seeds, modes, devices).
STATE_QUERY_NAMESPACES = (
    "torch",
    "torch.cuda",
    "torch.random",
    "torch.autograd",
    "torch.autograd.grad_mode",
    "torch.backends.cudnn",
    "torch.backends.mps",
)
STATE_QUERY_PREFIXES = ("get_", "is_", "are_", "has_")


def torch_state_query_breaks() -> dict[str, str]:
    """The argument-free state queries of ``STATE_QUERY_NAMESPACES`` (names starting with
    ``STATE_QUERY_PREFIXES``, and ``initial_seed``, ``device_count``) that return a Python
    value, not a tensor, and that compiled code calling them breaks on, each with the
    graph-break type ``fullgraph=True`` raises (``torch.get_num_threads()``: "torch.* op
    returned non-Tensor"; ``torch.is_inference_mode_enabled()``). Each is called once in eager
    first: one that needs an argument, or returns a tensor, is not a state query."""
    import importlib

    import torch

    found: dict[str, str] = {}
    for namespace in STATE_QUERY_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            if not (
                name.startswith(STATE_QUERY_PREFIXES) or name in ("initial_seed", "device_count")
            ):
                continue
            query = getattr(module, name)
            if not callable(query) or isinstance(query, type):
                continue
            try:
                value = query()
            except Exception:  # noqa: BLE001 - it takes arguments
                continue
            if isinstance(value, torch.Tensor):
                continue

            def call(x, query=query):
                query()
                return x + 1

            refusal = _compiled_break(call, torch.ones(2))
            if refusal is not None and refusal not in OWNED_ELSEWHERE:
                found[f"{namespace}.{name}"] = refusal
    return found


def torch_value_op_breaks() -> dict[str, str]:
    """The public ``torch.*`` operators every schema of which takes no tensor, takes an
    argument, and returns one Python value (``torch.can_cast(from_, to)``: two dtypes, a
    bool), that compiled code calling them on plain values (a dtype for each ``ScalarType``)
    breaks on, each with the graph-break type ``fullgraph=True`` raises ("torch.* op returned
    non-Tensor"). Those Dynamo folds into a constant (``torch.promote_types``) are not kept.
    Each is called with the first overload eager accepts."""
    import torch

    schemas: dict[str, list] = {}
    for schema in torch._C._jit_get_all_schemas():
        if schema.name.startswith("aten::") and schema.overload_name != "out":
            schemas.setdefault(schema.name[6:], []).append(schema)

    def typed(argument) -> str:  # ScalarType is an int to the JIT; real_type says ScalarType
        return str(getattr(argument, "real_type", argument.type))

    found: dict[str, str] = {}
    for name, overloads in sorted(schemas.items()):
        function = getattr(torch, name, None)
        if name.startswith("_") or not callable(function):
            continue
        if not all(
            len(s.returns) == 1 and typed(s.returns[0]) in NON_TENSOR_RETURNS for s in overloads
        ):
            continue
        if any("Tensor" in typed(a) for s in overloads for a in s.arguments):
            continue
        for schema in overloads:
            arguments = [
                a for a in schema.arguments if not a.kwarg_only and not a.has_default_value()
            ]
            if not arguments:
                break  # an argument-free state query: torch_state_query_breaks
            try:
                values = [_schema_value(typed(a)) for a in arguments]
                function(*values)
            except Exception:  # noqa: BLE001 - a type not asked, or eager rejects the values
                continue

            def call(x, function=function, values=values):
                function(*values)
                return x + 1

            refusal = _compiled_break(call, torch.ones(2))
            if refusal is not None and refusal not in OWNED_ELSEWHERE:
                found[f"torch.{name}"] = refusal
            break
    return found


# Pure-Python standard-library modules model code parses configuration strings with: Dynamo
# inlines their functions, and some reach a builtin or C helper it refuses.
STDLIB_INLINED_MODULES = ("ast", "json", "shlex", "fnmatch", "base64", "urllib.parse")
# The arguments tried in turn, the first eager accepts kept: one string (``ast.literal_eval``),
# two (``fnmatch.fnmatch(name, pattern)``, ``urllib.parse.urljoin``), a list of strings and a
# string (``fnmatch.filter(names, pattern)``), a list of strings (``shlex.join``).
STDLIB_STRING_ARGUMENTS = (("(1, 2)",), ("1",), ("1", "1"), (["1"], "1"), (["1"],))


def stdlib_inlined_refused() -> dict[str, str]:
    """The public Python functions of ``STDLIB_INLINED_MODULES`` (defined there, not
    re-exported) that, called in compiled code on string constants eager accepts (one or two
    strings, a list of strings: ``STDLIB_STRING_ARGUMENTS``), fail
    ``fullgraph=True``: Dynamo inlines them and meets a builtin or C helper it refuses
    (``ast.literal_eval("(1, 2)")`` parses with the builtin ``compile``: "Failed to trace
    builtin operator"; ``json.loads``: "Unsupported method call"), each with the graph-break
    type. Deprecated functions (a warning in eager) are not asked."""
    import importlib
    import inspect
    import warnings

    import torch

    found: dict[str, str] = {}
    for namespace in STDLIB_INLINED_MODULES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            function = getattr(module, name)
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            if function.__module__ != module.__name__:
                continue
            for arguments in STDLIB_STRING_ARGUMENTS:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("error")
                        function(*arguments)
                except Exception:  # noqa: BLE001 - eager rejects it, or warns it is deprecated
                    continue

                def call(x, function=function, arguments=arguments):
                    function(*arguments)
                    return x + 1

                refusal = _compiled_break(call, torch.ones(1))
                if refusal is not None:
                    found[f"{namespace}.{name}"] = refusal
                break
    return found


# The namespaces asked for ``torch_int_argument_refused``, with the prefix of their aten names.
INT_ARGUMENT_NAMESPACES = (("torch", ""), ("torch.fft", "fft_"), ("torch.special", "special_"),
                           ("torch.linalg", "linalg_"))  # fmt: skip
# A value of each schema type the probe fills a required argument with.
_SCHEMA_VALUES = {"float": 1.0, "Scalar": 1.0, "bool": False, "SymInt": 4, "int": 4}


def torch_int_argument_refused() -> dict[str, dict[str, object]]:
    """The torch factories with an argument their schema types ``int`` (not ``SymInt``: the
    kernel needs its value while tracing) that fail both ``torch.compile(fullgraph=True)`` and
    ``torch.export`` when given a 0-d integer tensor computed from a module input, and pass
    given a Python int: ``torch.fft.fftfreq(n)``, ``torch.hann_window(window_length)``,
    ``torch.tril_indices(row, col)`` ("Could not extract specialized integer from
    data-dependent expression"). Each maps the argument's name to its position and the two
    errors. Every other argument is required-free or filled from ``_SCHEMA_VALUES``; a schema
    with a tensor argument is not asked (``torch.add``'s int overload), nor one whose sized
    argument is ``SymInt`` (``torch.randperm(n)``, ``torch.eye(n)``: symbolic)."""
    import importlib
    import logging

    import torch

    torch._logging.set_logs(dynamo=logging.CRITICAL)
    found: dict[str, dict[str, object]] = {}
    for namespace, prefix in INT_ARGUMENT_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            function = getattr(module, name)
            if name.startswith("_") or not callable(function) or isinstance(function, type):
                continue
            try:
                schemas = torch._C._jit_get_schemas_for_operator(f"aten::{prefix}{name}")
            except RuntimeError:
                continue
            for schema in schemas:
                positional = [a for a in schema.arguments if not a.kwarg_only]
                required = [a for a in positional if not a.has_default_value()]
                types = [str(a.real_type) for a in required]
                if not types or any(t not in _SCHEMA_VALUES for t in types):
                    continue
                for index, (argument, kind) in enumerate(zip(required, types)):
                    if kind != "int" or argument.name in found.get(f"{namespace}.{name}", {}):
                        continue
                    values = [_SCHEMA_VALUES[t] for t in types]
                    refusal = _int_argument_refusal(function, values, index)
                    if refusal is not None:
                        entry = found.setdefault(f"{namespace}.{name}", {})
                        entry[argument.name] = {"position": index, **refusal}
    return dict(sorted(found.items()))


def _int_argument_refusal(function, values: list, index: int) -> dict[str, str] | None:
    """The fullgraph and export errors of ``function(*values)`` with ``values[index]`` a 0-d
    tensor computed from the input (4, as the Python int gives), when both fail and the call
    with the Python int compiles; None otherwise."""
    import warnings

    import torch

    def static(x):
        return function(*values)

    def from_data(x):
        arguments = list(values)
        arguments[index] = (x.abs().sum() >= 0).long() * 4
        return function(*arguments)

    class Exported(torch.nn.Module):
        def forward(self, x):
            return from_data(x)

    x = torch.ones(3)
    try:
        if not isinstance(from_data(x), torch.Tensor):
            return None
        static(x)
    except Exception:  # noqa: BLE001 - eager rejects the tensor or the filled arguments
        return None
    errors = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for probe in (static, from_data):
            torch._dynamo.reset()
            try:
                torch.compile(probe, fullgraph=True, backend="eager")(x)
            except Exception as exc:  # noqa: BLE001 - the refusal looked for
                if probe is static:
                    return None
                errors["compile"] = _first_line(exc)
        torch._dynamo.reset()
        try:
            torch.export.export(Exported(), (x,))
        except Exception as exc:  # noqa: BLE001 - the refusal looked for
            errors["export"] = _first_line(exc)
    return errors if len(errors) == 2 else None


# The string the ``str`` methods are asked on, and the arguments tried in turn.
_TEXT = "a,b c\nd"
_TEXT_ARGUMENTS = ((), (",",))
# In-place changes of a list, as source taking ``parts``: the name TL352 reports each by.
LIST_MUTATIONS = {
    "item assignment": "parts[0] = 'z'",
    "augmented item assignment": "parts[0] += 'z'",
    "slice assignment": "parts[0:1] = ['z']",
    "item deletion": "del parts[0]",
    "append": "parts.append('z')",
    "extend": "parts.extend(['z'])",
    "insert": "parts.insert(0, 'z')",
    "pop": "parts.pop()",
    "remove": "parts.remove(parts[0])",
    "clear": "parts.clear()",
    "sort": "parts.sort()",
    "reverse": "parts.reverse()",
}


def str_list_mutation_refused() -> dict[str, object]:
    """The ``str`` methods returning a list (``split``, ``rsplit``, ``splitlines``) whose
    result Dynamo holds as a list it cannot change: under ``"methods"``; under
    ``"mutations"``, each in-place change of ``LIST_MUTATIONS`` that ``fullgraph=True`` refuses
    on every such result, with the graph-break type (``parts[0] = x``:
    "missing_mp_ass_subscript"; ``parts.pop()``: "Unsupported method call"), kept only when
    the same change of a list literal compiles. ``parts += [...]`` rebinds and is not asked."""
    methods = []
    for name in sorted(dir(str)):
        if name.startswith("_"):
            continue
        for arguments in _TEXT_ARGUMENTS:
            try:
                result = getattr(_TEXT, name)(*arguments)
            except TypeError:
                continue
            if isinstance(result, list):
                methods.append((name, arguments))
            break
    refused: dict[str, dict[str, str]] = {}
    for change, source in LIST_MUTATIONS.items():
        literal = _list_mutation_break("['a', 'b']", source)
        if literal is not None:
            continue  # refused on any list: not this table's
        for name, arguments in methods:
            made = f"{_TEXT!r}.{name}({', '.join(map(repr, arguments))})"
            refusal = _list_mutation_break(made, source)
            if refusal is not None:
                refused.setdefault(change, {})[name] = refusal
    mutations = {
        change: next(iter(by_method.values()))
        for change, by_method in refused.items()
        if len(by_method) == len(methods) and len(set(by_method.values())) == 1
    }
    return {"methods": [name for name, _ in methods], "mutations": dict(sorted(mutations.items()))}


def _list_mutation_break(made: str, source: str) -> str | None:
    """The graph-break type of ``parts = <made>; <source>`` in compiled code."""
    import torch

    scope: dict = {"torch": torch}
    exec(f"def probe(x):\n    parts = {made}\n    {source}\n    return x + len(parts)\n", scope)
    return _compiled_break(scope["probe"], torch.ones(1))


def torch_tuple_returns() -> list[str]:
    """Public torch operators every schema of which returns two or more tensors
    (``torch.histogram`` -> ``(hist, bin_edges)``, ``torch.slogdet``, ``torch.lu_unpack``,
    ``torch.linalg.eigh`` for ``aten::linalg_eigh``, and ``torch.special`` / ``torch.fft``
    alike): a call of one, or of the tensor method of that name, gives a tuple. Overloads that
    return one tensor (``torch.max(x)`` beside ``torch.max(x, dim)``) keep a name out, and so
    do Python wrappers (``torch.unique_consecutive`` returns one tensor unless asked for more)
    unless annotated to return a tuple of tensors (``torch.unravel_index``);
    TorchScript's builtins on lists (``aten::sort.int``, no tensor argument) are not torch's
    operator and do not count."""
    import inspect

    import torch

    namespaces = {"linalg_": torch.linalg, "special_": torch.special, "fft_": torch.fft}
    schemas: dict[str, list] = {}
    for schema in torch._C._jit_get_all_schemas():
        if not schema.name.startswith("aten::") or schema.overload_name == "out":
            continue
        if any(str(a.type).startswith("Tensor") for a in schema.arguments):
            schemas.setdefault(schema.name[6:], []).append(schema)
    found = []
    for name, overloads in schemas.items():
        prefix = next((p for p in namespaces if name.startswith(p)), None)
        module, short = (namespaces[prefix], name[len(prefix) :]) if prefix else (torch, name)
        function = getattr(module, short, None)
        if name.startswith("_") or not callable(function) or inspect.isfunction(function):
            continue
        if all(
            len(s.returns) >= 2 and all("Tensor" in str(r.type) for r in s.returns)
            for s in overloads
        ):
            found.append(f"{module.__name__}.{short}")
    # Python functions of torch annotated to return a tuple of tensors (``torch.unravel_index``
    # -> ``tuple[Tensor, ...]``, ``torch.meshgrid``, ``torch.svd_lowrank``).
    for name in dir(torch):
        function = getattr(torch, name)
        if name.startswith("_") or not inspect.isfunction(function):
            continue
        try:
            returned = str(inspect.signature(function).return_annotation)
        except (TypeError, ValueError):
            continue
        if returned.replace("typing.Tuple", "tuple").startswith("tuple[torch.Tensor"):
            found.append(f"torch.{name}")
    return sorted(set(found))


# Where model code calls torch's Python helpers whose result is no tensor.
NON_TENSOR_RETURN_NAMESPACES = (
    "torch",
    "torch.func",
    "torch.nn.utils",
    "torch.nn.utils.rnn",
    "torch.nn.utils.parametrize",
    "torch.nn.functional",
    "torch.autograd",
    "torch.utils.checkpoint",
)


def torch_container_returns() -> list[str]:
    """Public Python functions of ``NON_TENSOR_RETURN_NAMESPACES`` annotated to return a
    container that is no tensor nor holds one at its top level (``torch.func.stack_module_state``
    -> ``tuple[dict[str, Any], dict[str, Any]]``; a ``dict``, a ``list``): a call of one is not
    a tensor, nor a tuple of tensors to unpack. Read from their annotations; ``Any`` elements
    (``torch.func.jvp``'s) and functions without one are left out."""
    import importlib
    import inspect

    found = set()
    for namespace in NON_TENSOR_RETURN_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in dir(module):
            function = getattr(module, name)
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            try:
                returned = inspect.signature(function, eval_str=True).return_annotation
            except Exception:  # noqa: BLE001 - no signature, or an annotation that does not evaluate
                continue
            if _container_of_no_tensor(returned):
                found.add(f"{namespace}.{name}")
    return sorted(found)


def _container_of_no_tensor(annotation) -> bool:
    """A ``dict`` / ``list`` / ``set`` whose items are no tensors, or a tuple (or union) of
    them."""
    import types
    import typing

    import torch

    origin = typing.get_origin(annotation) or annotation
    if origin in (dict, list, set):
        return torch.Tensor not in typing.get_args(annotation)
    if origin in (tuple, typing.Union, types.UnionType):
        arguments = typing.get_args(annotation)
        return bool(arguments) and all(_container_of_no_tensor(a) for a in arguments)
    return False


def kl_dispatch_refused() -> list[str]:
    """The pairs of ``torch.distributions`` classes (``"torch.distributions.Normal|
    torch.distributions.Normal"``) whose ``kl_divergence`` lookup Dynamo cannot trace: for a
    pair not looked up before, ``_dispatch_kl`` ranks the registered pairs that match with
    ``min()`` over a generator, and Dynamo refuses it where more than one matches (asked of
    Dynamo, a ``fullgraph=True`` compile of the lookup per pair)."""
    import inspect

    import torch
    import torch.distributions as distributions
    from torch.distributions.kl import _KL_REGISTRY, _dispatch_kl

    classes = sorted(
        (c for c in vars(distributions).values() if inspect.isclass(c)),
        key=lambda c: c.__name__,
    )
    classes = [c for c in classes if issubclass(c, distributions.Distribution)]
    refused = []
    for p in classes:
        for q in classes:
            if not any(issubclass(p, a) and issubclass(q, b) for a, b in _KL_REGISTRY):
                continue

            def lookup(x: torch.Tensor, p: type = p, q: type = q) -> torch.Tensor:
                _dispatch_kl(p, q)
                return x + 1

            torch._dynamo.reset()
            try:
                torch.compile(lookup, fullgraph=True, backend="eager")(torch.ones(1))
            except Exception:
                refused.append(f"torch.distributions.{p.__name__}|torch.distributions.{q.__name__}")
    torch._dynamo.reset()
    return refused


def torch_seeded_ops() -> dict[str, list[str]]:
    """``{"functions": [...], "methods": [...]}``: see the module docstring."""
    import inspect
    import warnings

    import torch
    import torch.nn.functional as F

    seeded: set[str] = set()
    for name in dir(torch.ops.aten):
        packet = getattr(torch.ops.aten, name, None)
        if not isinstance(packet, torch._ops.OpOverloadPacket):
            continue
        overloads = (getattr(packet, o) for o in packet.overloads())
        if any(torch.Tag.nondeterministic_seeded in op.tags for op in overloads):
            seeded.add(name)
    functions = {f"torch.{n}" for n in seeded if not n.startswith("_") and hasattr(torch, n)}
    functions |= {
        f"torch.nn.functional.{n}" for n in seeded if not n.startswith("_") and hasattr(F, n)
    }
    methods = {n for n in seeded if not n.startswith("_") and hasattr(torch.Tensor, n)}

    def draws(function, *args) -> bool:
        state = torch.get_rng_state()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                function(*args)
        except Exception:  # noqa: BLE001 - arguments this function does not take
            return False
        return not torch.equal(state, torch.get_rng_state())

    examples = [torch.randn(2, 4, 4, 4), torch.randn(2, 4, 4), torch.randn(3, 4), (2, 3)]
    skip = {"manual_seed", "seed", "set_rng_state", "get_rng_state", "initial_seed"}
    for module, prefix in ((torch, "torch"), (F, "torch.nn.functional")):
        for name in dir(module):
            function = getattr(module, name)
            if name.startswith("_") or name in skip or inspect.isclass(function):
                continue
            if not callable(function):
                continue
            if any(draws(function, x) for x in examples):
                functions.add(f"{prefix}.{name}")
    for name in dir(torch.Tensor):
        if name.startswith("_") or name in methods:
            continue
        if any(
            draws(getattr(torch.Tensor, name), x.clone())
            for x in examples
            if isinstance(x, torch.Tensor)
        ):
            methods.add(name)
    return {"functions": sorted(functions), "methods": sorted(methods)}


def main() -> None:
    import torch

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    tables = json.loads(TABLES.read_text()) if TABLES.exists() else {}
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    if only is not None:
        # Refresh the named tables of the installed torch's entry, keep the others as they are.
        makers = {
            "torch_state_query_breaks": torch_state_query_breaks,
            "torch_value_op_breaks": torch_value_op_breaks,
            "numpy_number_refused": numpy_number_refused,
            "stdlib_inlined_refused": stdlib_inlined_refused,
            "torch_int_argument_refused": torch_int_argument_refused,
            "str_list_mutation_refused": str_list_mutation_refused,
            "torch_container_returns": torch_container_returns,
            "torch_skipped": torch_skipped,
            "torch_skip_breaks": lambda: {
                name: refusal for name, refusal in torch_refused().items() if refusal != REFUSALS[0]
            },
            "stdlib_constant_folded": stdlib_constant_folded,
            "torch_subclass_makers": torch_subclass_makers,
            "torch_export_refused": lambda: torch_export_refused(tables[version]["torch_skipped"]),
            "nn_parameter_free": nn_parameter_free,
            "nn_tensor_modules": nn_tensor_modules,
            "copy_refused": copy_refused,
            "tensor_setattr_refused": tensor_setattr_refused,
            "math_data_refused": math_data_refused,
            "vmap_trace_refused": vmap_trace_refused,
            "fake_refused": lambda: fake_and_distribution_refused()[0],
            "distribution_fake_refused": lambda: fake_and_distribution_refused()[1],
            "torch_seeded_ops": torch_seeded_ops,
        }
        for key in only:
            tables[version][key] = makers[key]()
            print(f"{key}: {len(tables[version][key])} entries")
        TABLES.write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n")
        return
    refused = torch_refused()
    non_tensor = torch_non_tensor_ops()
    tables[version] = {
        "numpy_traced": numpy_traced(),
        "numpy_number_refused": numpy_number_refused(),
        "torch_skipped": sorted(refused),
        "torch_skip_breaks": {
            name: refusal for name, refusal in refused.items() if refusal != REFUSALS[0]
        },
        "stdlib_skipped": stdlib_skipped(),
        "stdlib_constant_folded": stdlib_constant_folded(),
        "torch_subclass_makers": torch_subclass_makers(),
        "torch_export_refused": torch_export_refused(sorted(refused)),
        "io_refused": io_refused(),
        "math_size_refused": math_size_refused(),
        "math_data_refused": math_data_refused(),
        "vmap_trace_refused": vmap_trace_refused(),
        "nn_parameter_modules": nn_parameter_modules(),
        "nn_parameter_free": nn_parameter_free(),
        "torch_state_queries": torch_state_queries(),
        "nn_lazy_modules": nn_lazy_modules(),
        "nn_tensor_modules": nn_tensor_modules(),
        "torch_tuple_returns": torch_tuple_returns(),
        "torch_container_returns": torch_container_returns(),
        "torch_non_tensor_ops": non_tensor[0],
        "torch_state_query_breaks": torch_state_query_breaks(),
        "torch_value_op_breaks": torch_value_op_breaks(),
        "stdlib_inlined_refused": stdlib_inlined_refused(),
        "torch_int_argument_refused": torch_int_argument_refused(),
        "str_list_mutation_refused": str_list_mutation_refused(),
        "tensor_non_tensor_methods": non_tensor[1],
        "builtins_refused": builtins_refused(),
        "copy_refused": copy_refused(),
        "tensor_setattr_refused": tensor_setattr_refused(),
        "fake_refused": (fake := fake_and_distribution_refused())[0],
        "distribution_fake_refused": fake[1],
        "stdlib_refused_classes": stdlib_refused_classes(),
        "nested_refused": nested_refused(),
        "size_refused": size_refused(),
        "kl_dispatch_refused": kl_dispatch_refused(),
        "torch_seeded_ops": torch_seeded_ops(),
    }
    TABLES.write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n")
    entry = tables[version]
    print(
        f"{TABLES}: torch {version}, {len(entry['numpy_traced'])} NumPy functions, "
        f"{len(entry['torch_skipped'])} skipped torch functions, "
        f"{len(entry['nn_parameter_modules'])} torch.nn classes that create parameters, "
        f"{len(entry['torch_state_queries'])} torch functions returning Python state, "
        f"{len(entry['nn_lazy_modules'])} lazy torch.nn classes"
    )


if __name__ == "__main__":
    main()
