"""TL111: forward returns an instance of a plain project class or of a subclass of a built-in
container (export, and for a dict subclass or a dataclass trace too, fail)."""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import (
    UNKNOWN_VALUE,
    assignments,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import ClassSummary
from torchlint.lint.walk import own_returns, top_level_definition, walk

from ._graph import held_by_another_module, init_only_state, init_values
from .tl207_global_value_in_script import DTYPE_NAMES
from .tl345_distribution_validation_in_graph import distribution_class


class NonPytreeOutput(Rule):
    """Flags a graph root's `return` of an instance of a plain project class or container subclass.

    ## What it does
    Finds `return Output(...)` (or `return out` with `out = Output(...)`) in the `forward` of a
    module that `torch.export` or `torch.jit.trace` converts, where `Output` is a class of the
    project that torch cannot take apart: a `@dataclass` or a plain class holding tensors (no
    base outside the project), or a subclass of `dict`, `OrderedDict`, `list` or `tuple`; for
    trace alone, a plain dict (`return {"logits": h}`, `dict(logits=h)`, `OrderedDict(...)`),
    which `torch.jit.trace` refuses in its default strict mode (unless every
    `torch.jit.trace` call of the file passes `strict=False`; a call in another file is not
    seen, so the default call decides). The root's `return
    self.heads(x)` counts what the submodule's `forward` (a class of the same file) returns on
    every path.
    Also flagged: a `types.SimpleNamespace` returned (every back-end fails on it), a
    `torch.distributions` distribution returned (export and trace fail), and for trace
    a returned tuple or list with an element that is `None` whatever the input: the literal, or
    a name every binding of which is `None` or a choice on the module's configuration
    (`aux = self.aux(h) if self.aux is not None else None; return h, aux`), in the `forward`
    of a module class no project code builds or registers (a submodule's output is the
    caller's to take apart). A `None` only some inputs give (`loss = None` then `if labels is
    not None: loss = ...`) is not flagged. A string in the returned tuple or list (a literal,
    or `self.task` that `__init__` binds only to string literals) fails trace the same way, and
    a set (returned, or in the returned tuple) fails both export and trace, and so does a
    `torch.dtype` or `torch.device` in the returned tuple (`return y, x.dtype`).
    Not flagged: `NamedTuple`s and classes built on another library base (an installed
    transformers' `ModelOutput`), submodules' outputs that the caller takes apart (only the
    converted root's return is checked), what the API of a function library returns (a
    package with no module: the model that calls it takes the result apart), and, for export, classes registered in their file with
    `torch.utils._pytree.register_dataclass` / `register_pytree_node` (a registered dict
    subclass is still flagged for trace). A container subclass built on a base whose
    `__init_subclass__` registers it, as transformers' own `ModelOutput` does, is not flagged at
    all: trace fails on it, but the projects built that way hand trace a tuple instead
    (`return_dict=False`, `torchscript=True`).

    What torch 2.13 does with a returned instance (export non-strict; trace as called, with
    `strict=True`, and with `strict=False`):

    | returned                           | `torch.export` | `torch.jit.trace` | `strict=False` |
    |------------------------------------|----------------|-------------------|----------------|
    | `dict`, `OrderedDict`              | passes | fails (1) | passes |
    | `list`                             | passes | passes (TracerWarning) | passes |
    | `tuple`, `namedtuple`, `NamedTuple`| passes | passes | passes |
    | `dict` / `OrderedDict` subclass    | fails (2) | fails (3) | fails (3) or passes |
    | the same, registered as a pytree   | passes | fails (3) | fails (3) or passes |
    | `list` / `tuple` subclass          | fails (2) | passes | passes |
    | `@dataclass`, plain class          | fails (2) | fails (4) | fails (4) |
    | the same, registered as a pytree   | passes | fails (4) | fails (4) |
    | `types.SimpleNamespace`            | fails (2) | fails (4) | fails (4) |
    | a tuple or list holding `None`     | passes | fails (3) | fails (3) |
    | a tuple or list holding a `str`    | passes | fails (3) | fails (3) |
    | a `set`, or a tuple holding one    | fails (2) | fails (3) | fails (3) |
    | a tuple holding a dtype or device  | fails (2) | fails (3) | fails (3) |

    `torch.compile` returns every one of these as eager does, except a `SimpleNamespace`:
    constructing one in compiled code is an unsupported call (`fullgraph=True` raises
    "Unsupported function call", plain `torch.compile` breaks the graph there).

    (1) "Encountering a dict at the output of the tracer might cause the trace to be
    incorrect". (2) "Found <class 'Output'> in output, which is not a known type". (3) "Only
    tensors, lists, tuples of tensors, or dictionary of tensors can be output from traced
    functions"; some subclasses trace takes for a plain dict instead (in 2.13, one with a
    `__getattr__` or `__setattr__` over its items, like the usual attribute-access output
    dict): then (1) with `strict=True`, and a plain `dict` returned with `strict=False`. (4)
    "Tracer cannot infer type of Output(...)" (a dataclass), or the "Only tensors ..." of (3).
    transformers' `ModelOutput` is an `OrderedDict` subclass whose `__init_subclass__` registers
    every subclass as a pytree: export passes, trace fails (3).

    ## Why is this bad?
    `torch.export` flattens the outputs with pytrees and fails on a type it does not know
    ("Found <class 'Output'> in output, which is not a known type"). `torch.jit.trace` returns
    only tensors and tuples, lists or dicts of them, and fails too ("Tracer cannot infer type of
    Output(...)", or "Only tensors, lists, tuples of tensors, or dictionary of tensors can be
    output from traced functions"); a dict subclass it takes for a dict fails its default strict
    mode ("Encountering a dict at the output of the tracer"). `torch.compile` returns the object
    as eager does.

    ## Example
    ```python
    @dataclass
    class Output:
        logits: torch.Tensor
        hidden: torch.Tensor

    class Net(nn.Module):
        def forward(self, x):
            h = self.body(x)
            return Output(logits=self.head(h), hidden=h)
    ```
    Use instead: a `NamedTuple` or a tuple of tensors (a plain dict passes export, and trace
    only with `strict=False`); for export alone, `torch.utils._pytree.register_dataclass(Output)`
    after the class (`register_pytree_node` for a container subclass).

    ## Fix safety
    For export, an unsafe fix registers a `@dataclass` (`torch.export.register_dataclass`) or a
    dict subclass without its own constructor (`register_pytree_node`, keys as context) right
    after the class: outputs are unchanged, but every pytree user (`tree_map`, FSDP's output
    hooks) then descends into the class's instances. Trace still needs a tuple.
    """

    code = "TL111"
    name = "non-pytree-output"
    subject = "forward returns an instance of a plain class"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (constructing the object is an unsupported"
            " call) and plain torch.compile breaks the graph here"
        ),
        "export": "torch.export fails (the class is not a known pytree type)",
        "trace": "torch.jit.trace fails (it outputs only tensors and tuples, lists or dicts of them)",
    }
    advice = "return a NamedTuple or a tuple of tensors"
    targets = ("export", "trace")
    also_reports = ("compile",)  # a types.SimpleNamespace, which Dynamo cannot construct

    VALID = [
        # A size next to the tensors: the tracer records it as a tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 3)

                def forward(self, x):
                    return self.fc(x), x.shape[0]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("trace", "export", "compile"),
        ),
        # A NamedTuple is a pytree and a traceable output; a submodule's dataclass output is
        # taken apart by the root, which returns tensors.
        Valid(
            """
            from dataclasses import dataclass
            from typing import NamedTuple

            import torch
            from torch import nn

            class Output(NamedTuple):
                logits: torch.Tensor
                hidden: torch.Tensor

            @dataclass
            class BlockOut:
                hidden: torch.Tensor
                gate: torch.Tensor

            class Block(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return BlockOut(hidden=h, gate=h.sigmoid())

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = Block()

                def forward(self, x):
                    out = self.block(x)
                    h = out.hidden * out.gate
                    return Output(logits=h.softmax(-1), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
        # A tuple built from a helper object's fields.
        Valid(
            """
            import torch
            from torch import nn

            class Stats:
                def __init__(self, x):
                    self.mean = x.mean(0)
                    self.std = x.std(0)

            class Model(nn.Module):
                def forward(self, x):
                    stats = Stats(x)
                    return (x - stats.mean) / (stats.std + 1e-5), stats.mean

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4),)]
            """,
            backends=("export",),
        ),
        # A namedtuple, and a tuple subclass registered as a pytree: export flattens both and
        # trace returns them as tuples.
        Valid(
            """
            import collections

            import torch
            from torch import nn

            Output = collections.namedtuple("Output", ["logits", "hidden"])

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return Output(h.softmax(-1), h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            import torch.utils._pytree as pytree
            from torch import nn

            class Pair(tuple):
                @property
                def logits(self):
                    return self[0]

            pytree.register_pytree_node(Pair, lambda p: (list(p), None), lambda v, _: Pair(v))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return Pair((h.softmax(-1), h))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # An OrderedDict subclass whose base registers every subclass as a pytree (the way
        # transformers' ModelOutput does): export flattens it. (Trace cannot return it; such
        # projects hand trace a tuple instead, and the class is not flagged.)
        Valid(
            """
            from collections import OrderedDict

            import torch
            import torch.utils._pytree as pytree
            from torch import nn

            class BaseOutput(OrderedDict):
                def __init_subclass__(cls):
                    super().__init_subclass__()
                    pytree.register_pytree_node(
                        cls,
                        lambda out: (list(out.values()), list(out.keys())),
                        lambda values, keys: cls(zip(keys, values)),
                    )

            class HeadOutput(BaseOutput):
                pass

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    out = HeadOutput(logits=h.softmax(-1), hidden=h)
                    return out

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("export",),
        ),
        # The optional output is added only when it exists: every element is a tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, with_aux=False):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.aux = nn.Linear(4, 2) if with_aux else None

                def forward(self, x):
                    h = self.fc(x)
                    outputs = (h,)
                    if self.aux is not None:
                        outputs = outputs + (self.aux(h),)
                    return outputs

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(4, 4)
                    self.b = nn.Linear(4, 2)

                def forward(self, x):
                    fa, fb = self.a(x), self.b(x)
                    widths = {f.shape[-1] for f in (fa, fb)}
                    return fa, fb, widths

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            backends=("export", "trace"),
            message_contains="set",
        ),
        # A string next to the tensors: the trace's outputs may only be tensors.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 3)
                    self.task = "lang-id"

                def forward(self, x):
                    return self.fc(x), self.task

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("trace",),
            message_contains="string",
        ),
        # The input's dtype next to the output: neither export nor trace can return it.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 3)

                def forward(self, x):
                    y = self.fc(x.float())
                    return y.to(x.dtype), x.dtype

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("export", "trace"),
            message_contains="torch.dtype",
        ),
        # Configuration values of the module next to the tensors: names and a count.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, class_names=("cat", "dog", "fox")):
                    super().__init__()
                    self.fc = nn.Linear(4, len(class_names))
                    self.class_names = tuple(class_names)

                def forward(self, x):
                    return self.fc(x), self.class_names

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("trace",),
            message_contains="Python value",
        ),
        # A policy head returning the action distribution itself.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Categorical

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.logits = nn.Linear(4, 3)

                def forward(self, obs):
                    return Categorical(logits=self.logits(obs), validate_args=False)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("export", "trace"),
            message_contains="distribution",
        ),
        # A SimpleNamespace: Dynamo cannot construct it, export and trace cannot return it.
        Invalid(
            """
            from types import SimpleNamespace

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Linear(4, 4)
                    self.head = nn.Linear(4, 2)

                def forward(self, x):
                    feats = torch.relu(self.body(x))
                    return SimpleNamespace(features=feats, logits=self.head(feats))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("compile", "export", "trace"),
            message_contains="SimpleNamespace",
        ),
        # An optional head left out: its output is None, which trace cannot return.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, with_aux=False):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.aux = nn.Linear(4, 2) if with_aux else None

                def forward(self, x):
                    h = self.fc(x)
                    aux = self.aux(h) if self.aux is not None else None
                    return h, aux

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            backends=("trace",),
            message_contains="hold None",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return [h, (h.sum(-1), None)]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("trace",),
            message_contains="hold None",
        ),
        # The root hands on what a submodule's forward builds: a dict on every path.
        Invalid(
            """
            import torch
            from torch import nn

            class Heads(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cls = nn.Linear(4, 3)
                    self.box = nn.Linear(4, 4)

                def forward(self, x):
                    outs = {}
                    outs["logits"] = self.cls(x)
                    outs["boxes"] = self.box(x).sigmoid()
                    return outs

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Linear(4, 4)
                    self.heads = Heads()

                def forward(self, x):
                    return self.heads(self.body(x).relu())

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=23,
            backends=("trace",),
            message_contains="returns a dict",
        ),
        # A plain dict: export passes; trace's default strict mode refuses it at the output.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Linear(4, 4)
                    self.head = nn.Linear(4, 2)

                def forward(self, x):
                    feats = torch.relu(self.body(x))
                    return dict(logits=self.head(feats), features=feats)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("trace",),
            message_contains="default strict mode",
        ),
        # A named tuple's fields as a dict (`._asdict()`): a plain dict at trace's output.
        Invalid(
            """
            from collections import namedtuple

            import torch
            from torch import nn

            HeadOutput = namedtuple("HeadOutput", ["logits", "features"])

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(4, 2)

                def forward(self, x):
                    return HeadOutput(self.head(x), x)._asdict()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("trace",),
            message_contains="default strict mode",
        ),
        # Registered as a pytree, export flattens it; trace still cannot return it.
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Output:
                logits: torch.Tensor
                hidden: torch.Tensor

            torch.export.register_dataclass(Output)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return Output(logits=h.softmax(-1), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=20,
            backends=("trace",),
        ),
        Invalid(
            """
            from dataclasses import dataclass

            import torch
            from torch import nn

            @dataclass
            class Output:
                logits: torch.Tensor
                hidden: torch.Tensor

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return Output(logits=h.softmax(-1), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=18,
        ),
        # A plain class, bound to a name first, with a project base class.
        Invalid(
            """
            import torch
            from torch import nn

            class BaseOutput:
                def __init__(self, logits):
                    self.logits = logits

            class Output(BaseOutput):
                def __init__(self, logits, hidden):
                    super().__init__(logits)
                    self.hidden = hidden

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    out = Output(h.softmax(-1), h)
                    return out

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=21,
        ),
        # A dict subclass with attribute access over its items: export does not know the class;
        # trace takes it for a dict, which its default strict mode refuses at the output.
        Invalid(
            """
            import torch
            from torch import nn

            class HeadOutput(dict):
                def __getattr__(self, name):
                    try:
                        return self[name]
                    except KeyError as exc:
                        raise AttributeError(name) from exc

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Linear(4, 4)
                    self.head = nn.Linear(4, 3)

                def forward(self, x):
                    h = torch.relu(self.body(x))
                    return HeadOutput(logits=self.head(h), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=19,
            message_contains="dict subclass",
        ),
        # The same dict subclass registered as a pytree: export passes, trace still refuses it.
        Invalid(
            """
            import torch
            from torch import nn

            class HeadOutput(dict):
                pass

            torch.utils._pytree.register_pytree_node(
                HeadOutput,
                lambda output: (list(output.values()), list(output.keys())),
                lambda values, keys: HeadOutput(zip(keys, values)),
            )

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return HeadOutput(logits=h.softmax(-1), hidden=h)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=20,
            backends=("trace",),
            message_contains="dict subclass",
        ),
        # A tuple subclass: export does not know the class; trace returns it as a tuple.
        Invalid(
            """
            import torch
            from torch import nn

            class Pair(tuple):
                @property
                def logits(self):
                    return self[0]

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    return Pair((h.softmax(-1), h))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=16,
            backends=("export",),
            message_contains="tuple subclass",
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._non_strict: Optional[bool] = None  # _traced_non_strict, once per file

    def visit_Return(self, node: cst.Return) -> None:
        info = self.ctx.function_info
        region = info.region if info is not None else None
        if node.value is None or region is None or region.qualname not in region.roots:
            return  # a helper's output: the root's code takes it apart
        if region.qualname in self.ctx.index.library_api:
            # A function library's API (a method of torch-kf's filter): a root only because
            # the model that calls it is not in the project; that model takes its result
            # apart, and what the model returns is the converted output.
            return
        if info.owner_class and held_by_another_module(self.ctx.index, info.owner_class):
            return  # a submodule's output, which the module holding it takes apart
        kinds = self._instance_kinds(node.value)
        if not kinds:
            if _used_elsewhere(self.ctx.index, info.owner_class):
                return
            if self._holds_none(node.value):
                self.report(node.value, NONE_ELEMENT_MESSAGE, targets=("trace",))
            elif self._holds_torch_value(node.value):
                self.report(node.value, TORCH_VALUE_ELEMENT_MESSAGE, targets=("export", "trace"))
            elif self._holds_text(node.value):
                self.report(node.value, TEXT_ELEMENT_MESSAGE, targets=("trace",))
            elif self._holds_set(node.value):
                self.report(node.value, SET_ELEMENT_MESSAGE, targets=("export", "trace"))
            return
        # Every path returns such an instance: name each back-end that fails on one of them.
        failing = {target for kind in kinds for target in FAILS[kind]}
        targets = tuple(target for target in ("compile", *self.targets) if target in failing)
        if kinds == {PLAIN_DICT}:
            if self._traced_non_strict():
                return  # the file traces with strict=False, which returns the dict
            message: Optional[Message] = PLAIN_DICT_MESSAGE
        elif kinds <= {DICT, REGISTERED_DICT, PLAIN_DICT}:
            message = DICT_MESSAGE
        elif kinds == {SEQUENCE}:
            message = SEQUENCE_MESSAGE
        elif kinds == {NAMESPACE}:
            message = NAMESPACE_MESSAGE
        elif kinds == {DISTRIBUTION}:
            message = DISTRIBUTION_MESSAGE
        else:
            message = None
        self.report(node.value, message, targets=targets)

    def _traced_non_strict(self) -> bool:
        """Whether the file calls torch.jit.trace (or trace_module) and every call passes
        `strict=False`: those return a plain dict output (torch 2.13). Without a call in
        the file the rule judges by the default call, `strict=True`, which refuses it; a call
        in another file is not seen."""
        if self._non_strict is None:
            calls: list[bool] = []

            def enter(node: cst.CSTNode) -> bool:
                if type(node) is cst.Call and self.ctx.qualified_name(node.func) in TRACE_CALLS:
                    strict = next((a.value for a in node.args if _keyword(a) == "strict"), None)
                    calls.append(m.matches(strict, m.Name("False")))
                return True

            walk(self.ctx.module, enter, lambda node: None)
            self._non_strict = bool(calls) and all(calls)
        return self._non_strict

    def _instance_kinds(
        self, value: cst.BaseExpression, function: Optional[cst.FunctionDef] = None
    ) -> set[str]:
        """The kinds of project class ``value`` is an instance of on every path that binds it
        (see ``_class_kind``); empty when any path gives something else."""
        function = function or self.ctx.function
        if type(value) is cst.Name:
            bound = assignments(function, value.value)
            if not bound or any(v is UNKNOWN_VALUE or size != 1 for v, _, size in bound):
                return set()
            kinds = [self._call_kind(v, function) for v, _, _ in bound]
            return set(kinds) if all(kinds) else set()  # type: ignore[arg-type]
        kind = self._call_kind(value, function)
        return {kind} if kind else set()

    def _call_kind(
        self, value: cst.BaseExpression, function: Optional[cst.FunctionDef] = None
    ) -> Optional[str]:
        if isinstance(value, (cst.Dict, cst.DictComp)):
            return PLAIN_DICT
        if type(value) is not cst.Call:
            return None
        if function is self.ctx.function:
            submodule = self._submodule_forward(value)
            if submodule is not None:
                # `return self.fpn(feats)`: what the submodule's forward returns on every path.
                kinds = {
                    frozenset(self._instance_kinds(r.value, submodule))
                    for r in own_returns(submodule)
                    if r.value is not None
                }
                if len(kinds) == 1:
                    (only,) = kinds
                    if len(only) == 1:
                        return next(iter(only))
                return None
        if m.matches(value, m.Call(func=m.Attribute(attr=m.Name("_asdict")), args=())):
            return PLAIN_DICT  # a named tuple's fields as a dict
        name = self.ctx.qualified_name(value.func)  # type: ignore[attr-defined]
        if name in PLAIN_DICT_CALLS:
            return PLAIN_DICT
        if name in NAMESPACE_CALLS:
            return NAMESPACE
        if name is not None and distribution_class(name):
            return DISTRIBUTION
        return _class_kind(self.ctx, name) if name is not None else None

    def _holds_none(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether ``value`` is a tuple or list (a display, or a name bound once to one) with an
        element that is ``None`` for every input: the literal, or a name every binding of which
        is ``None`` or a conditional expression on the module's configuration with a ``None``
        branch (``aux = self.aux(h) if self.aux is not None else None``)."""
        if type(value) is cst.Name and depth == 0:
            bound = assignments(self.ctx.function, value.value)
            if len(bound) != 1 or bound[0][2] != 1:
                return False
            value = bound[0][0]
        if not isinstance(value, (cst.Tuple, cst.List)):
            return False
        for element in value.elements:
            if isinstance(element, cst.StarredElement):
                continue
            item = element.value
            if isinstance(item, (cst.Tuple, cst.List)):
                if depth < 2 and self._holds_none(item, depth + 1):
                    return True
            elif _is_none(item):
                return True
            elif type(item) is cst.Name:
                bound = assignments(self.ctx.function, item.value)
                if bound and all(size == 1 and _configured_none(v) for v, _, size in bound):
                    return True
        return False

    def _holds_set(self, value: cst.BaseExpression) -> bool:
        """Whether ``value`` is a set, or a tuple or list display with a set element: a set
        display or comprehension, ``set(...)``, or a name bound once to one of them."""
        elements = (
            [e.value for e in value.elements]
            if isinstance(value, (cst.Tuple, cst.List))
            else [value]
        )
        for item in elements:
            if type(item) is cst.Name:
                bound = assignments(self.ctx.function, item.value)
                if len(bound) != 1 or bound[0][2] != 1:
                    continue
                item = bound[0][0]
            if isinstance(item, (cst.Set, cst.SetComp)) or (
                isinstance(item, cst.Call) and self.ctx.qualified_name(item.func) == "builtins.set"
            ):
                return True
        return False

    def _holds_torch_value(self, value: cst.BaseExpression) -> bool:
        """Whether ``value`` is a tuple or list display with a ``torch.dtype`` or
        ``torch.device`` element: a tensor's ``.dtype`` / ``.device``, or ``torch.float16``."""
        if not isinstance(value, (cst.Tuple, cst.List)):
            return False
        for element in value.elements:
            item = element.value
            if (
                isinstance(item, cst.Attribute)
                and item.attr.value in ("dtype", "device")
                and self.ctx.kind(item.value) == Kind.TENSOR
            ):
                return True
            name = self.ctx.qualified_name(item) or ""
            if name.startswith("torch.") and name[len("torch.") :] in DTYPE_NAMES:
                return True
        return False

    def _holds_text(self, value: cst.BaseExpression) -> bool:
        """Whether ``value`` is a tuple or list display with an element that is surely a
        Python string, number or bool: a literal, ``self.<attr>`` that ``__init__`` of this
        file binds only to string literals (``self.task = "lang-id"``), or a configuration
        value of the module that only ``__init__`` sets (``self.class_names``,
        ``self.num_classes``: constants to the kinds; sizes, which trace records as tensors,
        are not)."""
        if not isinstance(value, (cst.Tuple, cst.List)):
            return False
        for element in value.elements:
            item = element.value
            if isinstance(
                item,
                (
                    cst.SimpleString,
                    cst.ConcatenatedString,
                    cst.FormattedString,
                    cst.Integer,
                    cst.Float,
                ),
            ) or (type(item) is cst.Name and item.value in ("True", "False")):
                return True
            info = self.ctx.function_info
            if self_attribute(item) is None or info is None or not info.owner_class:
                continue
            if self.ctx.kind(item) == Kind.CONST and init_only_state(self.ctx, item):
                return True
            values = init_values(self.ctx, item)
            if values and all(
                isinstance(v, (cst.SimpleString, cst.ConcatenatedString)) for v in values
            ):
                return True
        return False

    def _submodule_forward(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """The ``forward`` (a ``def`` of this file) of the module class held in ``self.<attr>``
        that ``call`` (``self.<attr>(...)``) runs."""
        cls = self.ctx.held_class(call.func)
        if cls is None or not self.ctx.index.is_module_class(cls):
            return None
        found = self.ctx.index.find_method(cls, "forward")
        if found is None or found[1].path != self.ctx.path:
            return None
        owner, _, _ = found[0].rpartition(".")
        forward = top_level_definition(
            self.ctx.module, owner.removeprefix(found[1].module + ".") + ".forward"
        )
        return forward if isinstance(forward, cst.FunctionDef) else None


def _keyword(arg: cst.Arg) -> Optional[str]:
    return arg.keyword.value if arg.keyword is not None else None


TRACE_CALLS = frozenset({"torch.jit.trace", "torch.jit.trace_module"})


def _is_none(value: cst.BaseExpression) -> bool:
    return type(value) is cst.Name and value.value == "None"


def _configured_none(value: cst.BaseExpression) -> bool:
    """``None``, or a conditional expression on the module's configuration (a ``self``
    attribute: ``self.aux(h) if self.aux is not None else None``) with a ``None`` branch: None
    whenever the module is built that way, not only for some inputs."""
    if isinstance(value, cst.IfExp):
        if not (_is_none(value.body) or _is_none(value.orelse)):
            return False
        test = value.test
        while isinstance(test, cst.UnaryOperation):
            test = test.expression
        if isinstance(test, cst.Comparison):
            test = test.left
        return self_attribute(test) is not None
    return _is_none(value)


def _used_elsewhere(index: ProjectIndex, owner: Optional[str]) -> bool:
    """Whether project code builds or registers the module class ``owner`` (a submodule of
    another, or one picked from a table): then it is not the model a user converts."""
    if owner is None:
        return False
    if held_by_another_module(index, owner):
        return True
    for summary in index.by_path.values():
        if any(owner in names for names in summary.registries.values()):
            return True
        functions = list(summary.functions.values())
        for cls in summary.classes.values():
            if any(owner in names for names in cls.registries.values()):
                return True
            functions.extend(cls.methods.values())
        if any(call.target == owner for f in functions for call in f.calls):
            return True
    return False


PLAIN = "plain"
REGISTERED = "registered"
DICT = "dict"
REGISTERED_DICT = "registered dict"
SEQUENCE = "sequence"
PLAIN_DICT = "plain dict"
NAMESPACE = "namespace"
DISTRIBUTION = "distribution"
# The back-ends that fail on a returned instance of each kind (the table in the docstring).
FAILS: dict[str, tuple[str, ...]] = {
    PLAIN: ("export", "trace"),
    REGISTERED: ("trace",),
    DICT: ("export", "trace"),
    REGISTERED_DICT: ("trace",),
    SEQUENCE: ("export",),
    PLAIN_DICT: ("trace",),
    NAMESPACE: ("compile", "export", "trace"),
    DISTRIBUTION: ("export", "trace"),
}
# Calls that build a plain dict (a display or a comprehension is one too).
PLAIN_DICT_CALLS = frozenset({"builtins.dict", "collections.OrderedDict", "dataclasses.asdict"})
# Library classes whose instances none of the back-ends can return.
NAMESPACE_CALLS = frozenset({"types.SimpleNamespace"})
# Library bases whose project subclasses torch cannot take apart, by the kind they give.
CONTAINER_BASES = {
    "builtins.dict": DICT,
    "collections.OrderedDict": DICT,
    "builtins.list": SEQUENCE,
    "builtins.tuple": SEQUENCE,
}
NOT_PYTREE = "torch.export fails (the subclass is not a known pytree type)"
DICT_MESSAGE = Message(
    "forward returns an instance of a dict subclass",
    (
        ("export", NOT_PYTREE),
        (
            "trace",
            "torch.jit.trace fails (it either does not take the subclass as an output or takes"
            " it for a dict, which its default strict mode refuses at the output)",
        ),
    ),
    "return a NamedTuple or a tuple of tensors",
)
PLAIN_DICT_MESSAGE = Message(
    "forward returns a dict",
    (
        (
            "trace",
            'torch.jit.trace fails in its default strict mode ("Encountering a dict at the output'
            ' of the tracer")',
        ),
    ),
    "pass strict=False to torch.jit.trace, or return a tuple or a NamedTuple",
)
NAMESPACE_MESSAGE = Message(
    "forward returns a types.SimpleNamespace",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (constructing a SimpleNamespace is an"
            " unsupported call) and plain torch.compile breaks the graph here",
        ),
        ("export", "torch.export fails (SimpleNamespace is not a known pytree type)"),
        ("trace", "torch.jit.trace fails (it cannot infer the type of a namespace)"),
    ),
    "return a NamedTuple or a tuple of tensors",
)
DISTRIBUTION_MESSAGE = Message(
    "forward returns a torch.distributions distribution",
    (
        ("export", "torch.export fails (the distribution is not a known pytree type)"),
        ("trace", "torch.jit.trace fails (it cannot infer the type of the distribution)"),
    ),
    "return its parameters (`loc, scale`) and build the distribution outside the converted module",
)
NONE_ELEMENT_MESSAGE = Message(
    "forward returns a tuple or list that can hold None",
    (
        (
            "trace",
            "torch.jit.trace fails when an element is None (it outputs only tensors and"
            " tuples, lists or dicts of them)",
        ),
    ),
    "leave the None out (return a shorter tuple) or return a tensor in its place",
)
TORCH_VALUE_ELEMENT_MESSAGE = Message(
    "forward returns a torch.dtype or torch.device among its outputs",
    (
        ("export", "torch.export fails (a dtype or device is not a known pytree type)"),
        (
            "trace",
            "torch.jit.trace fails (it outputs only tensors and tuples, lists or dicts of them)",
        ),
    ),
    "return the tensors only; the caller reads `.dtype` / `.device` of the output",
)
TEXT_ELEMENT_MESSAGE = Message(
    "forward returns a Python value (a string, number or bool) among its outputs",
    (
        (
            "trace",
            "torch.jit.trace fails (it outputs only tensors and tuples, lists or dicts of them)",
        ),
    ),
    "return the tensors only, and keep the value an attribute of the module",
)
SET_ELEMENT_MESSAGE = Message(
    "forward returns a set among its outputs",
    (
        ("export", "torch.export fails (a set is not a known pytree type)"),
        (
            "trace",
            "torch.jit.trace fails (it outputs only tensors and tuples, lists or dicts of them)",
        ),
    ),
    "return a tuple or a tensor of the values",
)
SEQUENCE_MESSAGE = Message(
    "forward returns an instance of a list or tuple subclass",
    (("export", NOT_PYTREE),),
    "return a plain tuple or a NamedTuple",
)


# Calling a class of these bases makes a plain dict.
TYPED_DICTS = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})


def _class_kind(ctx: LintContext, qualname: str) -> Optional[str]:
    """The kind of a project class that is no ``nn.Module`` and whose bases are project classes
    (or none): PLAIN, or REGISTERED when one of them is registered as a pytree in its file; with
    ``dict`` / ``OrderedDict`` among its library bases DICT (REGISTERED_DICT once registered in
    its file), with ``list`` / ``tuple`` SEQUENCE, unless registered. None for anything else (not
    a project class, a registered sequence subclass or one whose base registers it, or another
    library base: NamedTuple, Enum, an installed transformers' ModelOutput)."""
    index = ctx.index
    found = index.class_info(qualname)
    if found is None or index.is_module_class(qualname):
        return None
    if any(base in TYPED_DICTS for base in found[1].bases):
        return PLAIN_DICT  # calling a TypedDict makes a plain dict
    container: Optional[str] = None
    registered = registered_by_base = False
    for name, summary, cls in index.mro(qualname):
        for base in cls.bases:
            if index.class_info(base) is not None or base == "builtins.object":
                continue
            if base not in CONTAINER_BASES:
                return None
            container = container or CONTAINER_BASES[base]
        if name != qualname and _registers_subclasses(index, cls):
            registered = registered_by_base = True
        text = index.texts.get(summary.path)
        if text is None and summary.path == ctx.path:
            text = ctx.source
        if text is not None and _registered(text, cls.name):
            registered = True
    if container is not None:
        # A registered container subclass passes export; trace fails on a dict subclass, but
        # the projects whose base registers every subclass (transformers' ModelOutput) hand
        # trace a tuple instead (``return_dict=False``, ``torchscript=True``): not flagged.
        if not registered:
            return container
        return REGISTERED_DICT if container == DICT and not registered_by_base else None
    return REGISTERED if registered else PLAIN


REGISTER_FUNCTIONS = frozenset(
    {"register_pytree_node", "_register_pytree_node", "register_dataclass"}
)


def _registers_subclasses(index: ProjectIndex, cls: ClassSummary) -> bool:
    """Whether ``cls`` has an ``__init_subclass__`` that registers each subclass as a pytree,
    itself or through a project function it calls (transformers' ``ModelOutput``, a vendored
    ``BaseOutput``)."""
    method = cls.methods.get("__init_subclass__")
    if method is None:
        return False
    for call in method.calls:
        if call.kind != "name":
            continue
        if call.target.rsplit(".", 1)[-1] in REGISTER_FUNCTIONS:
            return True
        found = index.lookup(call.target)
        if found and found[0] == "function":
            helper = found[1].functions[found[2]]
            if any(
                inner.kind == "name" and inner.target.rsplit(".", 1)[-1] in REGISTER_FUNCTIONS
                for inner in helper.calls
            ):
                return True
    return False


def _registered(text: str, class_name: str) -> bool:
    """Whether ``text`` makes the class a pytree node torch.export can flatten:
    ``register_dataclass(Output)``, ``pytree.register_pytree_node(Output, ...)``."""
    pattern = rf"register_(?:dataclass|pytree_node)\(\s*{re.escape(class_name)}\b"
    return re.search(pattern, text) is not None
