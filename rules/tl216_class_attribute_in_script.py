"""TL216: a class attribute of a module read through ``self`` in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.library_source import library_class_attributes
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.index import is_torch_module_class
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    class_def,
    in_script,
    is_method,
    literal_type,
    self_attribute,
)
from torchlint.rules.tl212_unsupported_attribute_in_script import BUILTIN_CLASSES

# Class-body bindings that make a method-like callable whose `__call__` takes `*args` /
# `**keywords` (torch 2.13 fails to compile a read of one through `self`).
PARTIALS = frozenset({"functools.partialmethod", "functools.partial"})

# `torch` functions whose call makes a tensor from numbers or a list display.
TENSOR_FACTORIES = frozenset(
    f"torch.{name}"
    for name in (
        "tensor", "as_tensor", "zeros", "ones", "full", "empty", "arange", "linspace",
        "logspace", "eye", "rand", "randn", "randint", "Tensor", "FloatTensor", "LongTensor",
    )
)  # fmt: skip

# Tensor methods that give no tensor (a number, a list, a shape).
NOT_TENSOR_METHODS = frozenset(
    {"item", "tolist", "dim", "numel", "size", "stride", "element_size", "nelement"}
)

# Calls whose result is data whatever their arguments: Python's number / string constructors and
# `torch.device(...)`; `math.<function>(...)` gives a number too.
DATA_CALLS = frozenset(
    {"builtins.float", "builtins.int", "builtins.str", "builtins.bool", "builtins.complex",
     "torch.device", "torch.finfo", "torch.iinfo"}
)  # fmt: skip

# What holds class-body data in a scripted module, from the most to the least accepting: a
# `Final` constant (or an instance attribute), an instance attribute only, nothing (the value
# spelled in the scripted code: a memory format). `class_data_values` gives torch's values'.
DATA_KINDS = ("Final", "init", "inline")

# Bases outside the project a module class may have without setting attributes we cannot see:
# ``nn.Module.__init__`` sets none a model reads (``training`` is an instance attribute).
PLAIN_BASES = frozenset(
    {"torch.nn.Module", "torch.nn.modules.module.Module", "builtins.object", "object"}
)


class ClassAttributeInScript(Rule):
    """Flags `self.<name>` reads in scripted code of a value the class body assigns
    (`eps = 1e-5`), not an instance attribute, a `Final` or a `__constants__` entry.

    ## What it does
    Finds, in methods `torch.jit.script` compiles, `self.<name>` where `<name>` resolves (through
    the class's project bases and mixins, in resolution order) to a plain class-body assignment
    of data: a literal, a tuple / list / dict of literals or arithmetic on them (`eps = 1e-5`,
    `init_std = 0.02`, `dims = (1, 2)`; a plain annotation such as `eps: float = 1e-5` too).
    `cls.<name>` in a `@classmethod` of a module alike: TorchScript compiles a module's
    classmethod as one of its methods, `cls` the module (torch 2.13: `Module 'ScaledSiLU' has
    no attribute 'GAIN'`).
    Not flagged: a name some class of the chain (or a subclass of the file) also sets on `self`,
    annotates `Final` or lists in `__constants__` / `__jit_ignored_attributes__`; methods,
    properties and other class-body values (calls, functions, modules); classes with a base
    outside the project other than `nn.Module`; a mixin no module class of the file uses.
    Also `<Class>.<name>` in scripted code, where `<Class>` is a class of the project (a
    module or a plain class) whose body, or a project base's, binds `<name>` to such data
    (`Final` or in `__constants__` too): `Bottleneck.expansion` in `forward`. Not flagged:
    methods and static methods read through the class, classes with a base outside the
    project other than `nn.Module` (an `Enum`'s members compile).
    And `self.<name>` where `<name>` resolves the same way to a class-body binding, in a class
    of the file, of a class (`act_layer = nn.GELU`, `cast = float`, a class of the project),
    read in scripted code (an instance built from it in `__init__` is not flagged), or of a
    module instance (`act = nn.SiLU()` in the class body, `self.act(x)` in `forward`).
    Also `self.<name>` where `<name>` resolves the same way to a class-body
    `functools.partialmethod(...)` / `functools.partial(...)` (`encode_query =
    partialmethod(_encode, side="query")`).
    Also `self.<name>` where `<name>` resolves the same way to a class-body tensor built by a
    `torch` factory, or a method, index or arithmetic of one (`PIXEL_MEAN =
    torch.tensor([...]).view(1, 3, 1, 1)`): no parameter, buffer or instance attribute, so
    no attribute of the scripted module (torch 2.13: `Module 'StemEncoder' has no attribute
    'PIXEL_MEAN'`).
    Also `self.<name>` where `<name>` resolves the same way to a class-body binding of data
    the names in it make: a data value of torch or `math` (the generated table
    `class_data_values`: `compute_dtype = torch.float32`, `torch.channels_last`, `math.pi`), a
    call of `float` / `int` / `str` / `bool` / `torch.device` / a `math` function, an
    attribute of `torch.finfo(...)` / `torch.iinfo(...)`, a module-level name of the file bound
    once to data (`eps = EPS`), or displays and arithmetic of these (`(torch.float16,
    torch.bfloat16)`, `2 * math.pi`) (torch 2.13: Module 'Float32Softmax' has no attribute
    'compute_dtype').
    Also `self.<name>` where `<name>` resolves the same way to a class defined in the body of
    a class of the file (`class Defaults:` holding hyper-parameters, read as
    `self.Defaults.temperature`).
    And `self.<name>` read in scripted code where the class body annotates `<name>` (no value)
    with a module class of torch.nn (`proj: Optional[nn.Linear]`, `nn.Linear | None`):
    TorchScript takes the annotation as the attribute's type and cannot hold a submodule as it
    (torch 2.13: Expected inferred type to be interface type for 'proj').

    And any attribute read through an `nn.Module` class, torch's (`nn.Transformer`, in any
    spelling) or the project's, in scripted code: `nn.Transformer.generate_square_subsequent_mask(n)`,
    a static method or data of a module class (torch 2.13: attribute lookup is not defined on
    python value of type 'type'). Not flagged where the file builds a module of that class
    (TorchScript resolves the class once it has compiled a module of it: a model holding an
    `nn.Transformer` scripts the read), in the class's own methods or its subclasses', nor
    `Base.forward(self, x)` (TL209's).

    A base outside the project that is a torch module class (`nn.Linear`) is read from its
    installed source: where it and its bases up to `nn.Module` bind the name nowhere (on
    `self` or in a class body), a mixin's or the subclass's class attribute is what
    `self.<name>` reads (torch 2.13: Module 'QATLinear' has no attribute 'bits').

    ## Why is this bad?
    TorchScript builds a module's type from the instance: its parameters, buffers, submodules,
    the attributes in the instance `__dict__` and the constants (`Final` annotations,
    `__constants__`). A class attribute is none of these, so the scripted module has no such
    attribute: `Module 'Model' has no attribute 'eps'`. A mixin's class attribute read in a
    mixin method the module calls fails the same way. Eager Python finds the value on the class.
    Read through the class name, TorchScript takes the class as a Python value and cannot use
    its data attributes, whether annotated `Final` or not: `python value of type 'int' cannot
    be used as a value` (torch 2.13; `attribute lookup is not defined on python value of type
    'type'` in a free function), where `self.expansion` with `expansion: Final[int] = 4`
    compiles. A class-body class read through `self` is taken for a method to compile, and a
    class has no function code: torch 2.13 fails inside its frontend (`AttributeError: type
    object 'GELU' has no attribute '__globals__'`), for a call (`self.act_layer()(x)`) as for
    any other read. A module instance in the class body is no submodule of the instance
    (`nn.Module.__setattr__` never saw it), so the read is taken for a method too, and the
    module object has no function's name (torch 2.13: `'SiLU' object has no attribute
    '__name__'`).

    ## Example
    ```python
    class Model(nn.Module):
        eps = 1e-5

        def forward(self, x):
            return x / (x.abs().sum(-1, keepdim=True) + self.eps)
    ```
    Use instead:
    ```python
    from typing import Final

    class Model(nn.Module):
        eps: Final[float] = 1e-5
    ```

    ## Fix safety
    Safe fix for an int, float, bool or str literal in a class of the file: annotate it
    `Final[<type>]` (`from typing import Final`). An annotation changes nothing at run time
    but `__annotations__`; TorchScript reads the annotations of the first class, depth-first
    from the scripted one, that has any, so the fix is offered only where that class is the one
    annotated for every module class of the file using it, and where annotating it hides no
    other class's annotations. Not offered on a decorated class (a `@dataclass` turns
    annotations into fields). Unsafe fix for a non-empty dict / list / tuple display of
    literals (one key type, one value type) in the body of the reading class, whose
    `__init__` calls `super().__init__()`: `self.X = self.X` after that call, so the instance
    holds it and TorchScript types it (`Dict[str, float]`); unsafe because a later rebinding
    of the class attribute no longer reaches existing instances, and `copy.deepcopy` copies
    it per instance. A read through the class name has no fix: `self.<name>` needs the
    `Final` annotation too, and a free function has no `self`.
    """

    code = "TL216"
    name = "class-attribute-in-script"
    message = "class attribute read through `self`: TorchScript does not see class attributes"
    targets = SCRIPT

    VALID = [
        # `cls.X` of a `Final` class attribute in a module's classmethod: a constant.
        Valid(
            """
            from typing import Final

            import torch
            from torch import nn

            class Model(nn.Module):
                GAIN: Final[float] = 1.5

                @classmethod
                def act(cls, x: torch.Tensor) -> torch.Tensor:
                    return x * cls.GAIN

                def forward(self, x):
                    return self.act(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The optional submodule unannotated: TorchScript infers its type.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.proj = nn.Linear(4, 4) if keep else None

                def forward(self, x):
                    if self.proj is not None:
                        x = self.proj(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        # The class-body class builds the submodule in `__init__`, which TorchScript compiles.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                activation = nn.GELU

                def __init__(self):
                    super().__init__()
                    self.act = self.activation()
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    return self.act(self.proj(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Through the class name: a static method, an Enum member, and a read in `__init__`
        # (not compiled).
        Valid(
            """
            import enum

            import torch
            from torch import nn

            class Mode(enum.Enum):
                SUM = 1
                MEAN = 2

            class Model(nn.Module):
                expansion = 4

                def __init__(self):
                    super().__init__()
                    self.width = 3 * Model.expansion

                @staticmethod
                def scale(x: torch.Tensor) -> torch.Tensor:
                    return x * 2

                def forward(self, x):
                    return Model.scale(x) * self.width + Mode.SUM.value

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # `Final` makes it a constant TorchScript folds.
        Valid(
            """
            import torch
            from torch import nn
            from typing import Final

            class Model(nn.Module):
                eps: Final[float] = 1e-5

                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = self.fc(x)
                    return y / (y.abs().sum(-1, keepdim=True) + self.eps)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Set on `self` too: an instance attribute, which TorchScript types.
        Valid(
            """
            import torch
            from torch import nn

            class InitMixin:
                init_std = 0.02

                def scaled(self, x):
                    return x * self.init_std

            class Model(InitMixin, nn.Module):
                def __init__(self, init_std=0.02):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.init_std = init_std

                def forward(self, x):
                    return self.scaled(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Listed in `__constants__`, and a property: both compile.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                __constants__ = ["scale"]
                scale = 2.0

                @property
                def shift(self) -> float:
                    return 0.5

                def forward(self, x):
                    return x * self.scale + self.shift

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Class-body data annotated `Final`: a dtype constant TorchScript takes.
        Valid(
            """
            from typing import Final

            import torch
            from torch import nn

            class Model(nn.Module):
                compute_dtype: Final = torch.float32

                def forward(self, x):
                    return x.to(self.compute_dtype).softmax(-1).to(x.dtype)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A tensor built in the class body: no buffer, no attribute of the scripted module.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                MEAN = torch.tensor([0.5, 0.25, 0.125]).view(1, 3)

                def forward(self, x):
                    return x - self.MEAN

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="a tensor built in the class body",
        ),
        # A class defined in the class body, read through `self`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                class Limits:
                    low = -1.0

                def forward(self, x):
                    return x.clamp(min=self.Limits.low)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="defined in the body",
        ),
        # A class-body `partialmethod`: its `__call__` takes `*args` / `**keywords`.
        Invalid(
            """
            import functools

            import torch
            from torch import nn

            class Model(nn.Module):
                def _reduce(self, x, how: str = "sum"):
                    return x.sum(-1) if how == "sum" else x.amax(-1)

                peak = functools.partialmethod(_reduce, how="max")

                def forward(self, x):
                    return self.peak(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="partialmethod",
        ),
        # A module built in the class body: no submodule, compiled as a method.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                act = nn.SiLU()

                def forward(self, x):
                    return self.act(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
            message_contains="'SiLU' object has no attribute '__name__'",
        ),
        # `cls.X` in a module's classmethod: TorchScript compiles it as a method of the module.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                GAIN = 1.0 / 0.6

                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                @classmethod
                def act(cls, x: torch.Tensor) -> torch.Tensor:
                    return torch.nn.functional.silu(x) * cls.GAIN

                def forward(self, x):
                    return self.act(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="has no attribute 'GAIN'",
        ),
        # A class-body `Optional[nn.Linear]` annotation of a submodule.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn
            from typing import Optional

            class Model(nn.Module):
                proj: Optional[nn.Linear]

                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.proj = nn.Linear(4, 4) if keep else None

                def forward(self, x):
                    if self.proj is not None:
                        x = self.proj(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=14,
            message_contains="annotated `Optional[nn.Linear]`",
        ),
        # A class attribute read through the class name (`Final` would not help).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                expansion = 4

                def __init__(self, planes: int = 2):
                    super().__init__()
                    self.conv = nn.Conv2d(planes * Model.expansion, planes, 1)

                def forward(self, x):
                    return self.conv(x) / Model.expansion

            def inputs():
                return [(torch.randn(1, 8, 4, 4),), (torch.randn(2, 8, 3, 5),)]
            """,
            line=12,
            message_contains="through the class name",
        ),
        # A dict in the class body, read with a key from the instance.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                EPS_BY_NAME = {"small": 1e-6, "large": 1e-2}

                def __init__(self, size: str = "small"):
                    super().__init__()
                    self.size = size

                def forward(self, x):
                    return x / (x.norm() + self.EPS_BY_NAME[self.size])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="EPS_BY_NAME",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                EPS_BY_NAME = {"small": 1e-6, "large": 1e-2}

                def __init__(self, size: str = "small"):
                    super().__init__()
                    self.EPS_BY_NAME = self.EPS_BY_NAME
                    self.size = size

                def forward(self, x):
                    return x / (x.norm() + self.EPS_BY_NAME[self.size])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                eps = 1e-5

                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = self.fc(x)
                    return y / (y.abs().sum(-1, keepdim=True) + self.eps)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="no attribute 'eps'",
            fixed="""
            import torch
            from torch import nn
            from typing import Final

            class Model(nn.Module):
                eps: Final[float] = 1e-5

                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = self.fc(x)
                    return y / (y.abs().sum(-1, keepdim=True) + self.eps)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        # A mixin's class attribute, read in the mixin method `forward` calls.
        Invalid(
            """
            import torch
            from torch import nn

            class InitMixin:
                init_std = 0.02

                def scaled(self, x):
                    return x * self.init_std

            class Model(InitMixin, nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.scaled(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            message_contains="InitMixin",
            fixed="""
            import torch
            from torch import nn
            from typing import Final

            class InitMixin:
                init_std: Final[float] = 0.02

                def scaled(self, x):
                    return x * self.init_std

            class Model(InitMixin, nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.scaled(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        # A class kept in the class body, instantiated in forward.
        Invalid(
            """
            import torch
            from torch import nn

            class FeedForward(nn.Module):
                activation = nn.SiLU

                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    return self.activation()(self.proj(x))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.ff = FeedForward()

                def forward(self, x):
                    return x + self.ff(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="holds the class `nn.SiLU`",
        ),
        # A plain annotation is not `Final`; a project base's class attribute, and the
        # subclass has annotations of its own, so `Final` on the base would not be seen: no fix.
        Invalid(
            """
            import torch
            from torch import nn
            from typing import List

            class Base(nn.Module):
                eps: float = 1e-5

            class Model(Base):
                sizes: List[int]

                def __init__(self):
                    super().__init__()
                    self.sizes = [4]

                def forward(self, x):
                    return x / (x.norm(dim=-1, keepdim=True) + self.eps)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=16,
            message_contains="Base",
        ),
        # Class-body data by what its names are: a dtype of torch (`class_data_values`).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                compute_dtype = torch.float32

                def forward(self, x):
                    return x.to(self.compute_dtype).softmax(-1).to(x.dtype)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            message_contains="bound to data in the class body (`torch.float32`)",
        ),
        # A module-level name bound to a number, through arithmetic with a `math` constant.
        Invalid(
            """
            import math

            import torch
            from torch import nn

            BASE = 2.0

            class Model(nn.Module):
                omega = BASE * math.pi

                def forward(self, x):
                    return torch.sin(x * self.omega)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._known: dict[tuple[str, str], Optional[str]] = {}
        self._annotated_modules: dict[tuple[str, str], Optional[str]] = {}
        # `Base.forward(self, x)`: TL209's finding (a method called on `self` through a class).
        self._called_on_self: set[int] = set()
        self._built: dict[str, bool] = {}

    def visit_Call(self, node: cst.Call) -> None:
        if (
            type(node.func) is cst.Attribute
            and node.args
            and type(node.args[0].value) is cst.Name
            and node.args[0].value.value == "self"  # type: ignore[attr-defined]
        ):
            self._called_on_self.add(id(node.func))

    def _module_annotation(self, owner: str, attr: str) -> Optional[str]:
        """The text of a class-body annotation (no value) of ``attr`` in ``owner``'s class
        (this file) naming a module class of torch.nn: ``proj: Optional[nn.Linear]``,
        ``head: nn.Linear``, ``nn.Linear | None``."""
        cls = class_def(self.ctx, owner)
        if cls is None or not isinstance(cls.body, cst.IndentedBlock):
            return None
        for line in cls.body.body:
            if not isinstance(line, cst.SimpleStatementLine):
                continue
            for small in line.body:
                if (
                    isinstance(small, cst.AnnAssign)
                    and small.value is None
                    and isinstance(small.target, cst.Name)
                    and small.target.value == attr
                    and self._names_module_class(small.annotation.annotation)
                ):
                    return self.ctx.module.code_for_node(small.annotation.annotation)
        return None

    def _names_module_class(self, annotation: cst.BaseExpression) -> bool:
        """``X``, ``Optional[X]``, ``Union[X, None]``, ``X | None`` for a module class ``X``
        of torch.nn (not ``nn.Module``, which TorchScript reports otherwise: Unknown type
        annotation)."""
        parts: list[cst.BaseExpression] = [annotation]
        found = False
        while parts:
            part = parts.pop()
            if isinstance(part, cst.BinaryOperation) and isinstance(part.operator, cst.BitOr):
                parts.extend((part.left, part.right))
                continue
            if isinstance(part, cst.Subscript) and self.ctx.qualified_name(part.value) in (
                "typing.Optional",
                "typing.Union",
            ):
                parts.extend(e.slice.value for e in part.slice if isinstance(e.slice, cst.Index))
                continue
            if isinstance(part, cst.Name) and part.value == "None":
                continue
            name = self.ctx.qualified_name(part) or ""
            if (
                name.startswith("torch.nn.")
                and name
                not in (
                    "torch.nn.Module",
                    "torch.nn.modules.module.Module",
                )
                and is_torch_module_class(name)
            ):
                found = True
            else:
                return False
        return found

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if not in_script(self.ctx):
            return
        attr = self_attribute(node)
        receiver = "self"
        if attr is None:
            attr = self._cls_attribute(node)
            receiver = "cls"
        if attr is None:
            self._through_class(node)
            return
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None or info.owner_class is None:
            return
        if info.parent is not None or not is_method(self.ctx, function):
            return
        key = (info.owner_class, attr)
        if key not in self._annotated_modules:
            self._annotated_modules[key] = self._module_annotation(info.owner_class, attr)
            annotated = self._annotated_modules[key]
            if annotated is not None:
                self.report(
                    node,
                    f"`{attr}` is annotated `{annotated}` in the class body: TorchScript takes "
                    "a class-body annotation as the attribute's type, and a module class is no "
                    "type it holds a submodule as (torch 2.13: Expected inferred type to be "
                    f"interface type for '{attr}' where it holds a module, cannot call a value "
                    f"of type 'Optional[...]' where it holds None); remove the annotation: "
                    "TorchScript infers a submodule's type from the instance",
                )
                return
        elif self._annotated_modules[key] is not None:
            return
        if key not in self._known:
            self._known[key] = class_value(self.ctx, info.owner_class, attr)
        defined = self._known[key]
        if defined is None:
            held = self._class_held(info.owner_class, attr)
            if held is not None and held[1].startswith("partial:"):
                owner, spelled = held[0], held[1][len("partial:") :]
                made = spelled.split("(", 1)[0]
                self.report(
                    node,
                    f"`self.{attr}` reads the class attribute `{attr}` of `{owner}`, a "
                    f"`{made}(...)` object (`{spelled}`): TorchScript compiles the read as a "
                    "method and takes its signature from the partial's own `__call__`, which has "
                    "`*args` / `**keywords` (torch 2.13: Compiled functions can't take variable "
                    "number of arguments or use keyword-only arguments with defaults); define "
                    "a method that calls the underlying one with the bound arguments",
                )
            elif held is not None and held[1].startswith("tensor:"):
                owner, spelled = held[0], held[1][len("tensor:") :]
                self.report(
                    node,
                    f"`self.{attr}` reads the class attribute `{attr}` of `{owner}`, a tensor "
                    f"built in the class body (`{spelled}`): it is no parameter, buffer or "
                    "instance attribute, and TorchScript types a module from those only, so "
                    f"scripting fails (torch 2.13: Module '{owner}' has no attribute "
                    f"'{attr}'); register it in `__init__` (`self.register_buffer(\"{attr}\", "
                    "...)`, under another name or with the class attribute removed)",
                )
            elif held is not None and held[1].endswith(")") and held[1][:5] != "data:":
                owner, spelled = held
                made = spelled.split("(", 1)[0].rsplit(".", 1)[-1]
                self.report(
                    node,
                    f"`self.{attr}` reads the class attribute `{attr}` of `{owner}`, which holds "
                    f"a module built in the class body (`{spelled}`): it is no submodule of the "
                    "instance, so TorchScript compiles the read as a method, and a module "
                    "object has no function code, so scripting fails (torch 2.13: "
                    f"'{made}' object has no attribute '__name__'); build it in `__init__` "
                    f"(`self.{attr} = {spelled}`)",
                )
            elif held is not None and held[1].startswith("data:"):
                owner = held[0]
                kind, spelled = held[1][len("data:") :].split(":", 1)
                advice = {
                    "Final": f"annotate it `{attr}: Final = {spelled}` or set `self.{attr}` "
                    "in `__init__`",
                    "init": f"set `self.{attr} = {spelled}` in `__init__`",
                    "inline": "no module attribute can hold it (failed to convert Python type), "
                    f"so write `{spelled}` in the scripted code itself",
                }[kind]
                self.report(
                    node,
                    f"`self.{attr}` reads the class attribute `{attr}` of `{owner}`, bound to "
                    f"data in the class body (`{spelled}`): TorchScript types a module from its "
                    "instance attributes, parameters, buffers, submodules and constants, not its "
                    f"class attributes, so scripting fails (torch 2.13: Module '{owner}' has no "
                    f"attribute '{attr}'); {advice}",
                )
            elif held is not None and held[1].startswith("class "):
                owner = held[0]
                self.report(
                    node,
                    f"`self.{attr}` reads the class `{attr}` defined in the body of `{owner}`: "
                    "TorchScript compiles such a read as a method and a class has no function "
                    "code, so scripting fails (torch 2.13: type object "
                    f"'{attr}' has no attribute '__globals__'); copy the values it holds to "
                    f"`Final` class attributes or to `self` in `__init__`",
                )
            elif held is not None:
                owner, spelled = held
                self.report(
                    node,
                    f"`self.{attr}` reads the class attribute `{attr}` of `{owner}`, which holds "
                    f"the class `{spelled}`: TorchScript compiles such a read as a method and a "
                    "class has no function code, so scripting fails (torch 2.13: type object "
                    f"'{spelled.rsplit('.', 1)[-1]}' has no attribute '__globals__'); build the "
                    f"instance in `__init__` (`self.{attr}_module = self.{attr}()`) and call that",
                )
            return
        through = (
            ""
            if receiver == "self"
            else " (TorchScript compiles a module's classmethod as a method, `cls` the module)"
        )
        self.report(
            node,
            f"`{receiver}.{attr}` reads the class attribute `{attr}` of `{defined}`{through}: "
            "TorchScript types a module from its instance attributes, parameters, buffers, "
            "submodules and constants, not its class attributes, so scripting fails (Module "
            f"has no attribute '{attr}'); annotate it `{attr}: Final[...] = ...` or set "
            f"`self.{attr}` in `__init__`",
        )

    def _cls_attribute(self, node: cst.Attribute) -> Optional[str]:
        """``X`` of ``cls.X`` in a ``@classmethod`` (of a class), ``cls`` its first
        parameter; else None."""
        function = self.ctx.function
        if function is None or type(node.value) is not cst.Name:
            return None
        params = [*function.params.posonly_params, *function.params.params]
        if not params or params[0].name.value != node.value.value:
            return None
        if not any(
            self.ctx.qualified_name(d.decorator) == "builtins.classmethod"
            for d in function.decorators
        ):
            return None
        return node.attr.value

    def _class_held(self, owner: str, attr: str) -> Optional[tuple[str, str]]:
        """``(class, code)`` where, on every module class of this file compiling ``owner``'s
        methods, ``attr`` resolves first to a class-body binding (in this file) of a class:
        ``act_layer = nn.GELU``, ``cast = float``, a class of the project."""
        index = self.ctx.index
        chains = [index.mro(name) for name in script_classes(self.ctx, owner)]
        if not chains:
            return None
        found: Optional[tuple[str, str]] = None
        for chain in chains:
            held = None
            for name, _, cls in chain:
                if attr in cls.attributes or attr in cls.methods:
                    return None  # set on `self`, or a method
                if any(
                    base not in PLAIN_BASES and index.class_info(base) is None for base in cls.bases
                ):
                    return None
                if attr in cls.body_values:
                    if cls.body_values[attr] != "other":
                        return None
                    held = self._body_class(name, attr)
                    if held is None:
                        return None
                    break
                held = self._nested_class(name, attr)
                if held is not None:
                    break
            if held is None:
                return None
            found = held
        return found

    def _file_class(self, qualname: str) -> Optional[cst.ClassDef]:
        """The top-level class of this file whose qualified name is ``qualname``."""
        short = qualname.rsplit(".", 1)[-1]
        if self.ctx.model.summary.qualify(short) != qualname:
            return None
        return next(
            (
                stmt
                for stmt in self.ctx.module.body
                if type(stmt) is cst.ClassDef and stmt.name.value == short
            ),
            None,
        )

    def _nested_class(self, qualname: str, attr: str) -> Optional[tuple[str, str]]:
        """``(class, attr)`` when the class ``qualname`` of this file defines a class named
        ``attr`` in its body (``class Defaults:`` holding hyper-parameters), binding the name
        nowhere else there."""
        cls = self._file_class(qualname)
        if cls is None or not isinstance(cls.body, cst.IndentedBlock):
            return None
        short = cls.name.value
        nested = [
            stmt
            for stmt in cls.body.body
            if type(stmt) in (cst.ClassDef, cst.FunctionDef) and stmt.name.value == attr
        ]
        if len(nested) != 1 or type(nested[0]) is not cst.ClassDef:
            return None
        return short, f"class {attr}"

    def _body_class(self, qualname: str, attr: str) -> Optional[tuple[str, str]]:
        """``(class, code)`` when the class ``qualname`` of this file binds ``attr`` in its
        body, once, to a name or dotted name that is a class, or to a call of a module class
        (``act = nn.SiLU()``: the code then ends with ``)``)."""
        cls = self._file_class(qualname)
        if cls is None:
            return None
        short = cls.name.value
        values = []
        for stmt in cls.body.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if type(small) is cst.Assign and any(
                    type(t.target) is cst.Name and t.target.value == attr for t in small.targets
                ):
                    values.append(small.value)
                elif (
                    type(small) is cst.AnnAssign
                    and type(small.target) is cst.Name
                    and small.target.value == attr
                ):
                    values.append(small.value)
        if len(values) == 1 and values[0] is not None and self._tensor_made(values[0]):
            # `PIXEL_MEAN = torch.tensor([...]).view(1, 3, 1, 1)`: no buffer, no attribute.
            return short, "tensor:" + cst.Module([]).code_for_node(values[0])
        kind = self._data(values[0], frozenset()) if len(values) == 1 and values[0] else None
        if kind is not None:
            # `compute_dtype = torch.float32`, `scale = math.pi`, `eps = EPS`: data.
            return short, f"data:{kind}:" + cst.Module([]).code_for_node(values[0])
        if len(values) == 1 and type(values[0]) is cst.Call:
            made = self.ctx.qualified_name(values[0].func)
            if made in PARTIALS:
                # `encode_query = partialmethod(_encode, side="query")`
                return short, "partial:" + cst.Module([]).code_for_node(values[0])
            # `act = nn.SiLU()`: a module instance in the class body, shared by every instance.
            if made is None or not (
                is_torch_module_class(made) or self.ctx.index.is_module_class(made)
            ):
                return None
            return short, cst.Module([]).code_for_node(values[0])
        if len(values) != 1 or type(values[0]) not in (cst.Name, cst.Attribute):
            return None
        name = self.ctx.qualified_name(values[0])
        if name is None:
            return None
        if not (
            name in BUILTIN_CLASSES
            or is_torch_module_class(name)
            or self.ctx.index.class_info(name) is not None
        ):
            return None
        return short, cst.Module([]).code_for_node(values[0])

    def _data(self, value: cst.BaseExpression, seen: frozenset[str]) -> Optional[str]:
        """``Final``, ``init`` or ``inline`` when ``value`` is data, by what the names in it are: a
        literal, a data value of torch or ``math`` (``class_data_values``), a call of
        ``DATA_CALLS`` or of a ``math`` function, an attribute of ``torch.finfo(...)`` /
        ``torch.iinfo(...)``, a module-level name of this file bound once to data, and
        displays and arithmetic of these; None otherwise (a name that may be a function, class
        or module is not data). ``Final`` where TorchScript takes the value as a ``Final``
        constant (a number, string, dtype, device, layout or a tuple of them; the table says
        which of torch's), ``init`` where only an instance attribute holds it (a list),
        ``inline`` where no attribute does (a memory format)."""
        if literal_type(value) is not None or (type(value) is cst.Name and value.value == "None"):
            return "Final"
        if isinstance(value, cst.UnaryOperation):
            return self._data(value.expression, seen)
        if isinstance(value, (cst.BinaryOperation, cst.Tuple, cst.List)):
            if isinstance(value, cst.BinaryOperation):
                parts = [value.left, value.right]
            else:
                parts = [e.value for e in value.elements if type(e) is cst.Element]
                if len(parts) != len(value.elements):
                    return None
            kinds = [self._data(part, seen) for part in parts]
            if None in kinds:
                return None
            if type(value) is cst.List:
                kinds.append("init")
            return max(kinds, key=DATA_KINDS.index, default="Final")
        if type(value) is cst.Call:
            made = self.ctx.qualified_name(value.func) or ""
            if made in DATA_CALLS - {"torch.finfo", "torch.iinfo"}:
                return "Final"
            return "Final" if made.startswith("math.") and made.count(".") == 1 else None
        if type(value) not in (cst.Name, cst.Attribute):
            return None
        known = torchscript_table().get("class_data_values", {})
        name = self.ctx.qualified_name(value) or ""
        if name in known:
            return known[name] if known[name] in DATA_KINDS else "inline"
        if type(value) is cst.Attribute and type(value.value) is cst.Call:
            info = self.ctx.qualified_name(value.value.func) or ""
            return "Final" if info in ("torch.finfo", "torch.iinfo") else None
        if type(value) is cst.Name and value.value not in seen:
            bound = self._module_binding(value.value)
            if bound is not None:
                return self._data(bound, seen | {value.value})
        return None

    def _module_binding(self, name: str) -> Optional[cst.BaseExpression]:
        """The value of the one top-level statement of this file that binds or names
        ``name``, when it is a plain assignment (``EPS = 1e-6``); None otherwise."""
        found: list[Optional[cst.BaseExpression]] = []
        for stmt in self.ctx.module.body:
            if type(stmt) is cst.SimpleStatementLine and any(
                type(small) is cst.Assign
                and any(
                    type(t.target) is cst.Name and t.target.value == name for t in small.targets
                )
                for small in stmt.body
            ):
                found.extend(
                    small.value
                    for small in stmt.body
                    if type(small) is cst.Assign
                    and any(
                        type(t.target) is cst.Name and t.target.value == name for t in small.targets
                    )
                )
            elif type(stmt) in (cst.FunctionDef, cst.ClassDef):
                if stmt.name.value == name:  # type: ignore[attr-defined]
                    found.append(None)
            elif _names(stmt, name):
                found.append(None)  # imported, rebound in a block, ...
        return found[0] if len(found) == 1 else None

    def _tensor_made(self, value: cst.BaseExpression) -> bool:
        """A tensor a ``torch`` factory makes (``torch.tensor([...])``, ``torch.zeros(3)``),
        or a tensor method, index or arithmetic of one (``.view(1, 3, 1, 1)``, ``* 2``)."""
        if type(value) is cst.Call:
            func = value.func
            if (self.ctx.qualified_name(func) or "") in TENSOR_FACTORIES:
                return True
            return (
                type(func) is cst.Attribute
                and func.attr.value not in NOT_TENSOR_METHODS
                and self._tensor_made(func.value)
            )
        if type(value) is cst.Subscript:
            return self._tensor_made(value.value)
        if type(value) is cst.BinaryOperation and not isinstance(
            value.operator, cst.MatrixMultiply
        ):
            sides = (value.left, value.right)
            return any(self._tensor_made(side) for side in sides) and all(
                self._tensor_made(side) or literal_type(side) in ("int", "float") for side in sides
            )
        return False

    def _through_class(self, node: cst.Attribute) -> None:
        """``Bottleneck.expansion``: a class-body value of a project class read through the
        class's name."""
        if self.ctx.function is None:
            return
        qualname = self.ctx.qualified_name(node.value)
        if qualname is None:
            return
        if type(node.value) is not cst.Name or self.ctx.index.class_info(qualname) is None:
            self._module_class_lookup(node, qualname)
            return
        attr = node.attr.value
        key = (qualname, "." + attr)
        if key not in self._known:
            self._known[key] = _body_value(self.ctx.index, self.ctx.index.mro(qualname), attr)
        defined = self._known[key]
        if defined is None:
            self._module_class_lookup(node, qualname)
            return
        short = node.value.value
        self.report(
            node,
            f"`{short}.{attr}` reads the class attribute `{attr}` of `{defined}` through the "
            "class name: TorchScript takes the class as a Python value whose attributes it "
            "cannot use, `Final` or not (torch 2.13: python value of type '...' cannot be used "
            "as a value, or attribute lookup is not defined on python value of type 'type'); "
            f"read it as `self.{attr}` with `{attr}: Final[...] = ...` in the class body, or "
            "pass it in",
        )

    def _module_class_lookup(self, node: cst.Attribute, qualname: str) -> None:
        """``nn.Transformer.generate_square_subsequent_mask(n)``, ``Base.forward(self, x)``:
        any attribute of an ``nn.Module`` class (torch's or the project's) read through the
        class in scripted code. TorchScript compiles a module class only as the type of a
        module instance; the class itself is a Python ``type`` it looks nothing up on."""
        if not (is_torch_module_class(qualname) or self.ctx.index.is_module_class(qualname)):
            return
        if id(node) in self._called_on_self or self._builds(qualname):
            return
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if owner is not None and (
            owner == qualname or any(name == qualname for name, _, _ in self.ctx.index.mro(owner))
        ):
            return  # its own class (or a base): compiled with the module the method is of
        if self.ctx.index.class_info(qualname) is None and not qualname.startswith("torch.nn."):
            return  # an outside class whose kind the index only guesses from its name
        spelled = self.ctx.module.code_for_node(node.value)
        attr = node.attr.value
        self.report(
            node,
            f"torch.jit.script fails: `{spelled}.{attr}` reads `{attr}` through the module "
            f"class `{spelled}`, of which the file builds no module: TorchScript knows a "
            "module class only once it has compiled a module of it, and holds it otherwise as "
            "a Python value of type 'type' it looks no attribute up on, method, static method "
            "or data alike (torch 2.13: attribute lookup is not defined on python value of "
            f"type 'type'); call it on a module instance (a submodule: "
            f"`self.<name>.{attr}(...)`), or compute the value in `__init__` (a buffer) or "
            "in the scripted code itself",
        )

    def _builds(self, qualname: str) -> bool:
        """Whether the file calls ``qualname`` (builds a module of the class) anywhere: once
        scripting compiled such a submodule, TorchScript resolves the class's attributes."""
        built = self._built.get(qualname)
        if built is None:
            found = False
            wanted = _nn_name(qualname)

            def enter(child: cst.CSTNode) -> Optional[bool]:
                nonlocal found
                if type(child) is cst.Call:
                    called = self.ctx.qualified_name(child.func)  # type: ignore[attr-defined]
                    found = found or (called is not None and _nn_name(called) == wanted)
                return None

            walk(self.ctx.module, enter, lambda child: None)
            built = self._built[qualname] = found
        return built


def _names(node: cst.CSTNode, name: str) -> bool:
    """Whether ``node`` holds the name ``name`` anywhere (a binding, an import, a read)."""
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        found = found or (type(child) is cst.Name and child.value == name)  # type: ignore[attr-defined]
        return None

    walk(node, enter, lambda child: None)
    return found


def _nn_name(qualname: str) -> str:
    """``torch.nn.modules.transformer.Transformer`` -> ``torch.nn.Transformer``."""
    if qualname.startswith("torch.nn.modules."):
        return "torch.nn." + qualname.rpartition(".")[2]
    return qualname


def _body_value(index, chain, attr: str) -> Optional[str]:  # type: ignore[no-untyped-def]
    """The class (short name) of ``chain`` whose body binds ``attr`` to data (a literal, a
    display of literals, arithmetic on them; ``Final`` or in ``__constants__`` too), first in
    resolution order; None for a method or another value, or a chain not fully known."""
    for _, _, cls in chain:  # every base known first: an Enum's members are no class data
        if any(base not in PLAIN_BASES and index.class_info(base) is None for base in cls.bases):
            return None
    for name, _, cls in chain:
        if attr in cls.methods:
            return None
        kind = cls.body_values.get(attr)
        if kind is not None:
            return name.rsplit(".", 1)[-1] if kind in ("value", "final") else None
    return None


def class_value(ctx, owner: str, attr: str) -> Optional[str]:  # type: ignore[no-untyped-def]
    """The class (short name) whose body assigns the data ``attr`` resolves to on every module
    class of this file compiling ``owner``'s methods, or None when some chain reaches it
    otherwise (an instance attribute, a constant, a method) or a chain is not fully known."""
    index = ctx.index
    chains = [index.mro(name) for name in script_classes(ctx, owner)]
    if not chains:
        return None
    defined: Optional[str] = None
    for chain in chains:
        found = _resolve(index, chain, attr)
        if found is None:
            return None
        defined = found
    return defined.rsplit(".", 1)[-1] if defined is not None else None


def script_classes(ctx, owner: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The module classes whose instance ``self`` may be in ``owner``'s methods: ``owner``
    when it is one, and the module classes of this file that derive from it."""
    index = ctx.index
    summary = ctx.model.summary
    found = [owner] if index.is_module_class(owner) else []
    for local in summary.classes:
        name = summary.qualify(local)
        if name == owner or name in found or not index.is_module_class(name):
            continue
        if any(base == owner for base, _, _ in index.mro(name)):
            found.append(name)
    return found


def _resolve(index, chain, attr: str) -> Optional[str]:  # type: ignore[no-untyped-def]
    """The class of ``chain`` whose body assigns data to ``attr`` first in resolution order,
    when no class of the chain sets it on ``self`` or makes it a constant; else None."""
    if not chain:
        return None
    defined: Optional[str] = None
    for name, _, cls in chain:
        if attr in cls.attributes or cls.body_values.get(attr) == "final":
            return None
        if "__constants__" in cls.body_values or "__jit_ignored_attributes__" in cls.body_values:
            return None  # computed: it may name `attr`
        if any(
            base not in PLAIN_BASES
            and index.class_info(base) is None
            and not _library_module_without(base, attr)
            for base in cls.bases
        ):
            return None
        if defined is None and (attr in cls.methods or attr in cls.body_values):
            if cls.body_values.get(attr) != "value":
                return None
            defined = name
    return defined


def _library_module_without(base: str, attr: str) -> bool:
    """Whether ``base`` is a torch module class (``nn.Linear``) whose installed source, with
    its bases up to ``nn.Module``, binds ``attr`` nowhere: neither on ``self`` nor in a class
    body. A project class's class attribute that comes before it in resolution order is then
    what ``self.<attr>`` reads (torch 2.13: a mixin's ``bits = 8`` on a ``nn.Linear``
    subclass, Module 'QATLinear' has no attribute 'bits')."""
    if not is_torch_module_class(base):
        return False
    names = library_class_attributes(base)
    return names is not None and attr not in names
