"""TL305: Python's random module (or numpy.random) in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import numpy_traced
from torchlint.lint.graph_queries import assignments, is_none, parameter, self_assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import top_level_definition
from torchlint.rules._script import self_attribute

from ._graph import keyword, varying_size

# `random` functions Dynamo supports (torch 2.13, `RandomVariable`); `random.random` is listed
# there too, but still broke the graph in probes.
DYNAMO_RANDOM = frozenset({"random.randint", "random.randrange", "random.uniform"})


# A torch.Generator made in graph code (torch 2.13): Dynamo cannot put the object in a graph;
# the tracer keeps the one generator of the example call, never seeded again, and export lifts
# it into the program as a constant (`obj_lifted_custom_0`).
GENERATOR = Message(
    "`torch.Generator` created in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here ('An opaque object was created in the "
            "middle of the program')",
        ),
        (
            "export",
            "torch.export lifts the generator of the export call into the program as a "
            "constant, so later calls draw on from its state instead of starting from the seed",
        ),
        (
            "trace",
            "torch.jit.trace keeps the generator of the example call, so later calls draw on "
            "from its state instead of starting from the seed",
        ),
    ),
    "draw from torch's default generator, seeded outside the model (a generator kept on the "
    "module still breaks compile and trace)",
)


# Seeding, and the constructors of generator objects (``np.random.RandomState(seed)``): no
# draw of their own; the draws of the object they make are judged at its methods.
GENERATOR_CONSTRUCTORS = (
    ".seed",
    ".Random",
    ".default_rng",
    ".RandomState",
    ".Generator",
    ".SeedSequence",
    ".PCG64",
    ".MT19937",
    ".Philox",
    ".SFC64",
)
# Generator objects whose methods draw in Python (``self.rng = random.Random(seed)``).
RNG_CLASSES = frozenset(
    {
        "random.Random",
        "numpy.random.default_rng",
        "numpy.random.Generator",
        "numpy.random.RandomState",
    }
)
# Methods that draw nothing.
RNG_STATE_METHODS = frozenset({"seed", "getstate", "setstate", "bit_generator", "spawn"})
RNG_OBJECT = Message(
    "draw from a Python / NumPy generator object in graph code",
    (
        ("compile", "torch.compile(fullgraph=True) raises here"),
        ("export", "torch.export records the drawn value as a constant"),
        ("trace", "torch.jit.trace records the drawn value as a constant"),
    ),
    "draw with torch (a torch.Generator made in __init__ and passed to torch.rand), or pass "
    "the draw in as an input; by hand: the random stream changes, so seeded results differ",
)


# A torch.Generator kept on the module and passed to a torch draw in graph code (torch 2.13).
GENERATOR_ATTRIBUTE = Message(
    "torch draw from a `torch.Generator` kept on the module",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here ('Failed to convert args/kwargs to "
            "proxy') and plain torch.compile breaks the graph here",
        ),
        (
            "trace",
            "torch.jit.trace records the generator object as a constant: the trace's example "
            "call has already drawn from it, so the traced model's calls draw on from there and "
            "disagree with eager's",
        ),
    ),
    "draw from torch's default generator, seeded outside the model",
)


REPLAYED_ARITHMETIC = Message(
    "Python random draw in number arithmetic in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here (Dynamo replays the draw as a tensor-like "
            "value, and Python arithmetic of it with a number is unsupported)",
        ),
        ("export", "torch.export records the drawn value as a constant"),
        ("trace", "torch.jit.trace records the drawn value as a constant"),
    ),
    "draw with torch (torch.rand(()) < p, torch.empty(()).uniform_(a, b)), or pass the draw in "
    "as an input; by hand: the random stream changes, so seeded results differ",
)


class PythonRandomInGraph(Rule):
    """Flags `random.*` and `numpy.random.*` calls in graph code.

    ## What it does
    Finds draws from Python's `random` module or NumPy's global generator inside graph code:
    `random.random()`, `random.randint(...)`, `random.choice(...)`, `np.random.rand(...)`.
    `torch.rand`, `torch.randn`, `F.dropout` and friends are not flagged.

    A `torch.Generator(...)` created in graph code is flagged too (compile; export and trace
    keep the generator of the export or example call, never seeded again), and so is a torch draw from a generator the module keeps
    (`self.gen = torch.Generator().manual_seed(7)` in `__init__`, then
    `torch.randn(x.shape, generator=self.gen)`): `torch.compile(fullgraph=True)` raises
    ("Failed to convert args/kwargs to proxy"), and `torch.jit.trace` records the generator
    object as a constant that its example call has already drawn from (export keeps the
    generator and agrees with eager). Draws from a generator object kept on the module or bound in the
    function (`self.rng = random.Random(seed)` then `self.rng.random()`; NumPy's
    `default_rng()` / `RandomState()`): torch.compile replays a `Random` object's `randint`,
    `randrange` and `uniform` as it does the module's, and no other draw. A generator handed
    in as an annotated parameter (`rng: np.random.RandomState`) names compile alone: whether
    export and trace keep the right draw depends on how the caller seeds it. A generator the
    module keeps, made in `__init__` from a constant seed (a literal, an `__init__` parameter
    not defaulting to None, `self.seed`), names compile and trace, not export: export
    converts a fresh model, so the draws it records are those of eager's first call, and the
    program it makes (sizes kept static) matches eager there; the trace runs its example call
    first, and its later calls repeat those draws where eager draws on. Making a
    generator (`np.random.RandomState(seed)`) draws nothing and is not flagged itself.

    ## Why is this bad?
    The draw happens in Python, outside any graph. `torch.export` and `torch.jit.trace` record
    the value drawn at conversion time as a constant, so the converted model never draws again
    and silently disagrees with eager. `torch.compile(fullgraph=True)` raises and plain
    `torch.compile` breaks the graph (GB0007, skipped function) on most `random` functions
    (`random.random`, `choice`, `gauss`, `shuffle`); it replays `random.randint`,
    `random.randrange` and `random.uniform` at run time with the values eager would draw (but
    `fullgraph=True` fails where the replayed draw meets a Python number in arithmetic,
    `1.0 + random.uniform(-0.1, 0.1)`: compile is claimed there), and
    traces the `np.random.*` functions `torch._numpy.random` implements (`rand`, `randn`,
    `normal`, `uniform`, `randint`, `choice`, `shuffle`, ...) with torch's generator (so
    `np.random.seed` does not reproduce their draws), so compile is not claimed for those; the
    others (`np.random.beta`, `np.random.permutation`, ...) fail `fullgraph=True` ("attempted
    to trace numpy function unsupported by PyTorch").

    ## Example
    ```python
    class Augment(nn.Module):
        def forward(self, x):
            if random.random() < 0.5:
                x = x.flip(-1)
            return x
    ```
    Use instead:
    ```python
    class Augment(nn.Module):
        def forward(self, x):
            flip = torch.rand(()) < 0.5
            return torch.where(flip, x.flip(-1), x)
    ```

    ## Fix safety
    Unsafe fix for `random.random()` that is an operand of arithmetic with a tensor (`x *
    random.random()`, or a name bound once to the draw and used only so): it becomes
    `random.uniform(0.0, 1.0)`, the same number from the same generator (CPython computes
    `0.0 + 1.0 * random()`), which torch.compile replays at run time. Export and trace still
    record one value. Everything else gets no automatic fix: a torch draw comes from another
    generator, so even seeded eager results change, and Dynamo rejects a replayed draw in
    Python arithmetic or a branch test. Rewrite by hand as above, or pass the drawn value in
    as an input.
    """

    code = "TL305"
    name = "python-random-in-graph"
    subject = "Python/NumPy random draw in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(GB0007)"
        ),
        "export": "torch.export records the drawn value as a constant",
        "trace": "torch.jit.trace records the drawn value as a constant",
    }
    advice = (
        "draw with torch (torch.rand(()) < p, torch.randint), or pass the draw in as an "
        "input; by hand: the random stream changes, so seeded results differ"
    )
    targets = ("compile", "export", "trace")

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    noise = torch.rand_like(x) * 0
                    return x + noise

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import random
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, seed: int = 0):
                    super().__init__()
                    random.seed(seed)
                    self.order = random.sample(range(4), 4)

                def forward(self, x):
                    return x[:, self.order]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import random
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def augment_batch(batch):
                return [b.flip(-1) if random.random() < 0.5 else b for b in batch]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import random
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, random_order: bool = False):
                    super().__init__()
                    self.random_order = random_order
                    self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x, jitter: float = 0.0):
                    for block in self.blocks:
                        x = block(x) + jitter
                    return x if not self.random_order else x.flip(0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import random
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        self.sampled = random.random()
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A NumPy generator handed to a helper (BigBird's random blocks), seeded per call by
        # the caller: Dynamo refuses the draw; export and trace keep what eager draws.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            def random_columns(n: int, k: int, rng: np.random.RandomState) -> np.ndarray:
                return rng.permutation(n)[:k]

            class Model(nn.Module):
                def forward(self, x):
                    cols = random_columns(x.shape[1], 2, np.random.RandomState(0))
                    return x[:, torch.from_numpy(cols)].sum(1)

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """,
            line=6,
            backends=("compile",),
        ),
        # A generator made in the call from a constant seed draws the same on every call:
        # export and trace record what eager draws, compile still stops at the draw.
        Invalid(
            """
            import random

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.seed = 11

                def forward(self, x):
                    picker = random.Random(self.seed)
                    idx = sorted(picker.sample(range(8), 4))
                    return x[:, idx].mean(dim=1)

            def inputs():
                return [(torch.randn(2, 8, 3),), (torch.randn(3, 8, 3),)]
            """,
            line=13,
            backends=("compile",),
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lower = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.lower(x)
                    lam = float(np.random.beta(0.4, 0.4))
                    return lam * h + (1.0 - lam) * h.flip(0)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=12,
        ),
        # A replayed draw in arithmetic with a number: fullgraph fails.
        Invalid(
            """
            import random

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(8, 8)
                    self.rng = random.Random(0)

                def forward(self, x):
                    gain = 1.0 + self.rng.uniform(-0.1, 0.1)
                    return self.fc(x) * gain

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
            """,
            line=13,
            backends=("compile", "export", "trace"),
        ),
        # A generator object on the module: the draw is a Python value.
        Invalid(
            """
            import random

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(8, 8)
                    self.rng = random.Random(0)

                def forward(self, x):
                    scale = 1.0 + 0.1 * self.rng.random()
                    return self.fc(x) * scale

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
            """,
            line=13,
            message_contains="generator object",
        ),
        # A generator kept on the module: compile cannot pass it to the draw; the trace holds
        # the object its example call already drew from.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.gen = torch.Generator().manual_seed(7)

                def forward(self, x):
                    noise = torch.randn(x.shape, generator=self.gen)
                    return self.fc(x) + 0.01 * noise

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("compile", "trace"),
            message_contains="kept on the module",
        ),
        # A seeded generator made per call: compile cannot hold it, export and trace keep the first.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x * 2
                    gen = torch.Generator().manual_seed(0)
                    return y + torch.rand(y.shape, generator=gen)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=7,
            backends=("compile", "export", "trace"),
            message_contains="torch.Generator",
        ),
        Invalid(
            """
            import random
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    scale = 0.5 + random.random()
                    return x * scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=7,
        ),
        Invalid(
            """
            import random
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    k = random.randint(1, 1000)
                    return x * k

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=7,
            backends=("export", "trace"),
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    scale = float(np.random.uniform(0.5, 1.5))
                    return x * scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=7,
            backends=("export", "trace"),
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._in_number_arithmetic: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func) or ""
        if name == "torch.Generator":
            self.report(node, GENERATOR, targets=("compile", "export", "trace"))
            return
        if name.startswith("torch."):
            generator = keyword(node, "generator")
            attr = self_attribute(generator) if generator is not None else None
            if attr is not None and self._generator_attribute(attr):
                self.report(node, GENERATOR_ATTRIBUTE, targets=("compile", "trace"))
                return
        if name.startswith(("random.", "numpy.random.")) and not name.endswith(
            GENERATOR_CONSTRUCTORS
        ):
            # Dynamo replays these draws from Python's generator at run time (the values eager
            # would draw), and traces NumPy's with torch's generator: neither breaks compile.
            replayed = name in DYNAMO_RANDOM or (
                name.startswith("numpy.") and name[len("numpy.") :] in numpy_traced()
            )
            if name in DYNAMO_RANDOM and id(node) in self._in_number_arithmetic:
                self.report(node, REPLAYED_ARITHMETIC, targets=self.targets)
                return
            self.report(node, targets=("export", "trace") if replayed else self.targets)
            return
        generator = self._generator_class(node.func)
        if generator is not None and node.func.attr.value not in RNG_STATE_METHODS:  # type: ignore[attr-defined]
            # Dynamo replays a Random object's randint / randrange / uniform as it does the
            # module's; every other draw, and every NumPy generator method, stops it.
            replayed = generator == "random.Random" and (
                f"random.{node.func.attr.value}" in DYNAMO_RANDOM  # type: ignore[attr-defined]
            )
            # A generator made in this call from a constant seed draws the same values on every
            # call: the constant export and trace record is what eager draws (torch 2.13).
            # A size among its arguments still varies between calls, which the trace bakes in.
            constant: tuple[str, ...] = ("export", "trace")
            if self._handed_in(node.func.value):  # type: ignore[attr-defined]
                constant = ()  # seeded by the caller or not: only compile is certain
            elif self._seeded_here(node.func.value):  # type: ignore[attr-defined]
                sized = any(varying_size(self.ctx, a.value) for a in node.args)
                constant = ("trace",) if sized else ()
            elif self._seeded_in_init(node.func.value):  # type: ignore[attr-defined]
                # `self.rng = random.Random(1234)` in __init__: export converts a fresh model,
                # so the draws it records are those of eager's first call, and the program it
                # makes (sizes kept static) matches eager on that call; the trace runs its
                # example first and its later calls repeat those draws where eager draws on.
                constant = ("trace",)
            if replayed and id(node) not in self._in_number_arithmetic:
                if constant:
                    self.report(node, RNG_OBJECT, targets=constant)
            else:
                self.report(node, RNG_OBJECT, targets=("compile", *constant))

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        """A draw in Python arithmetic with a number (``1.0 + random.uniform(a, b)``): Dynamo
        replays it as a tensor-like value and fails on the number arithmetic (torch 2.13:
        'unimplemented builtin op on tensor arguments'); with a tensor it is fine."""
        for draw, other in ((node.left, node.right), (node.right, node.left)):
            if isinstance(draw, cst.Call) and self.ctx.kind(other) is not Kind.TENSOR:
                self._in_number_arithmetic.add(id(draw))

    def _own_init(self) -> Optional[cst.FunctionDef]:
        """The ``__init__`` of the class whose method is being linted, when it is in this file."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        found = self.ctx.index.class_info(owner) if owner is not None else None
        if owner is None or found is None or found[0].path != self.ctx.path:
            return None
        init = top_level_definition(
            self.ctx.module, owner.removeprefix(found[0].module + ".") + ".__init__"
        )
        return init if isinstance(init, cst.FunctionDef) else None

    def _generator_attribute(self, attr: str) -> bool:
        """Whether ``self.<attr>`` holds a ``torch.Generator`` made in the class's
        ``__init__`` in this file (``torch.Generator()``, ``torch.Generator().manual_seed(7)``)."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if owner is None:
            return False
        if self.ctx.index.attribute_marker(owner, attr) == "torch.Generator":
            return True
        init = self._own_init()
        if init is None:
            return False
        for value in self_assignments(init, attr):
            # `torch.Generator().manual_seed(7)` returns the generator itself.
            while (
                isinstance(value, cst.Call)
                and isinstance(value.func, cst.Attribute)
                and value.func.attr.value == "manual_seed"
            ):
                value = value.func.value
            if isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) == (
                "torch.Generator"
            ):
                return True
        return False

    def _seeded_here(self, receiver: cst.BaseExpression) -> bool:
        """``random.Random(self.seed)`` / ``np.random.default_rng(7)`` made in the function (or
        in the call itself) from a seed that is a constant: a literal or configuration value."""
        made: Optional[cst.BaseExpression] = receiver
        if isinstance(receiver, cst.Name) and self.ctx.function is not None:
            bound = assignments(self.ctx.function, receiver.value)
            made = bound[0][0] if len(bound) == 1 and bound[0][2] == 1 else None
        if not isinstance(made, cst.Call) or self.ctx.qualified_name(made.func) not in RNG_CLASSES:
            return False
        seed = keyword(made, "seed") or keyword(made, "x")
        if seed is None:
            positional = [a.value for a in made.args if a.keyword is None and not a.star]
            seed = positional[0] if positional else None
        return seed is not None and self.ctx.kind(seed) is Kind.CONST and not is_none(seed)

    def _seeded_in_init(self, receiver: cst.BaseExpression) -> bool:
        """``self.<attr>`` set once in the class's ``__init__`` (in this file) to a generator
        made from a seed that is a literal, a parameter of ``__init__`` or ``self.<name>``
        (``self.rng = random.Random(seed)``): every new model draws the same stream."""
        attr = self_attribute(receiver)
        init = self._own_init()
        if attr is None or init is None:
            return False
        values = self_assignments(init, attr)
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return False
        made = values[0]
        if self.ctx.qualified_name(made.func) not in RNG_CLASSES:
            return False
        seed = keyword(made, "seed") or keyword(made, "x")
        if seed is None:
            positional = [a.value for a in made.args if a.keyword is None and not a.star]
            seed = positional[0] if positional else None
        if isinstance(seed, cst.Integer):
            return True
        if isinstance(seed, cst.Name):
            param = parameter(init, seed.value)
            if param is None or assignments(init, seed.value):
                return False
            return param.default is None or not is_none(param.default)  # `seed=None`: entropy
        return seed is not None and self_attribute(seed) is not None

    def _handed_in(self, receiver: cst.BaseExpression) -> bool:
        """A generator parameter of the function, never rebound there."""
        function = self.ctx.function
        return (
            isinstance(receiver, cst.Name)
            and function is not None
            and parameter(function, receiver.value) is not None
            and not assignments(function, receiver.value)
        )

    def _generator_class(self, func: cst.BaseExpression) -> Optional[str]:
        """For ``rng.random`` / ``self.rng.normal``: the generator class ``rng`` was made by
        (``random.Random``, ``numpy.random.default_rng``...), when it is one."""
        if not isinstance(func, cst.Attribute):
            return None
        receiver = func.value
        made: Optional[str] = None
        attribute = self_attribute(receiver)
        if attribute is not None:
            info = self.ctx.function_info
            owner = info.owner_class if info is not None else None
            made = self.ctx.index.attribute_marker(owner, attribute) if owner else None
        elif isinstance(receiver, cst.Name) and self.ctx.function is not None:
            bound = assignments(self.ctx.function, receiver.value)
            param = parameter(self.ctx.function, receiver.value)
            if len(bound) == 1 and isinstance(bound[0][0], cst.Call):
                made = self.ctx.qualified_name(bound[0][0].func)
            elif not bound and param is not None and param.annotation is not None:
                # `rng: np.random.RandomState`: a generator handed in by the caller.
                made = self.ctx.qualified_name(param.annotation.annotation)
        elif isinstance(receiver, cst.Call):
            made = self.ctx.qualified_name(receiver.func)  # `random.Random(7).random()`
        return made if made in RNG_CLASSES else None
