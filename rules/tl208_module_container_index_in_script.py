"""TL208: ModuleList / Sequential / ModuleDict indexed with a variable in scripted code."""

from __future__ import annotations

from typing import Optional, Union

import libcst as cst

from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.index import is_torch_module_class
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    class_annotations,
    class_methods,
    constant_attributes,
    dead_in_script,
    function_returns,
    has_constants,
    in_script,
    inferred_tensor_parameter,
    is_none,
    self_assignments,
    self_attribute,
    signature_params,
    tuple_valued,
)

PARAMETER_CONTAINERS = frozenset({"torch.nn.ParameterList", "torch.nn.ParameterDict"})
# The module classes TorchScript subscripts (and takes `len` of): a project class deriving
# from one is a container too.
CONTAINER_CLASSES = frozenset(
    f"torch.nn.{prefix}{name}"
    for prefix in ("", "modules.container.")
    for name in ("ModuleList", "Sequential", "ModuleDict", "ParameterList", "ParameterDict")
)
# Python container methods a module container's TorchScript type lacks (torch 2.13).
CONTAINER_METHODS = frozenset({"get", "pop", "update", "clear", "append", "extend", "insert"})
MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})

# A ModuleDict of heads with a fallback; `BODY` is forward's body.
_HEADS = """
import torch
from torch import nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"cls": nn.Linear(3, 3), "box": nn.Linear(3, 3)})
        self.default = nn.Identity()
        self.task = "box"

    def forward(self, x):
        BODY

def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def _example(body: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])\n\n"
        "    def forward(self, x):\n" + body + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


_DICT_ZIP = (
    "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
    "    def __init__(self):\n        super().__init__()\n"
    '        self.heads = nn.ModuleDict({{"a": nn.Linear(3, 3), "b": nn.Linear(3, 3)}})\n'
    "        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])\n"
    "        self.weights = [1.0, 0.5]\n        self.pairs = (1.0, 0.5)\n\n"
    "    def forward(self, x):\n        {loop}\n        return x\n\n\ndef inputs():\n"
    "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
)


def _literal_index(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.SimpleString))


class ModuleContainerIndexInScript(Rule):
    """Flags `self.layers[i]` with a non-literal index, slices with non-literal bounds or
    whose modules are called, `zip` of a module list with a non-module list, calls of the
    modules of a list or tuple of submodules, and `break` / `continue` in a loop over a module
    container, in scripted code.

    ## What it does
    Finds, in code that `torch.jit.script` compiles, subscripts of an `nn.ModuleList`,
    `nn.Sequential` or `nn.ModuleDict` attribute whose index is not an integer or string
    literal (`for i in range(len(self.layers)): x = self.layers[i](x)`), `zip(...)` of such a
    container (a ModuleDict's `.items()` / `.values()` / `.keys()` too) with something that is
    not one and has no static length (an `nn.ParameterList` is one; a tuple, whose length
    TorchScript knows, is fine), and a loop that
    calls each module of a list or tuple of submodules (`for m in [self.a, self.b]: x = m(x)`,
    an `nn.Sequential` or other container among them too; also through a local bound only to
    one, `enumerate(...)` or `zip(...)` of one),
    or over a `@property` returning one), and `break` / `continue` in a loop over a module
    container (which TorchScript unrolls; a ModuleDict's `.items()`, `.values()` and `.keys()`
    too; also a loop over `self.children()` / `named_children()` of a class whose `__init__`
    builds a submodule, and over `self.modules()` / `named_modules()`). Also, on an
    attribute every binding of which is an
    `nn.ParameterDict(...)` / `nn.ParameterList(...)`: a ParameterDict's `.items()`,
    `.keys()`, `.values()`, `.get(...)`, a loop over it, an `in` test, `len(...)` of either, and
    either indexed with a variable. And `self.stages[0]` / `len(self.stages)` where
    `self.stages` holds an instance of a module class of the project that derives from no
    module container (its own `__getitem__` / `__len__`, every base known). And the methods
    of Python's container API called on an `nn.ModuleDict` / `nn.ModuleList` /
    `nn.Sequential` attribute (`self.heads.get(name, self.default)`, `.pop(...)`,
    `.update(...)`, `.clear()`, `.append(...)`, `.extend(...)`, `.insert(...)`). And a list
    of the modules of a container, indexed: `list(self.heads.values())[0]`,
    `list(self.layers)[-1]` (TorchScript holds no module in a list: torch 2.13, `List type
    annotation List[...Linear] did not match the types of the given list elements`).
    A container indexed with a variable into a name annotated with a `torch.jit.interface`
    class of the file (`block: BlockInterface = self.blocks[i]`) is what TorchScript compiles
    (torch 2.13); then a direct call of that name is flagged (`cannot call a value of type
    'BlockInterface'`: call `block.forward(x)`), and so is a module class of the file held in
    the container whose method of an interface method's name names its parameters otherwise
    (`Method on class ... is not compatible with interface`).
    A loop over a slice of a module container (`enumerate(...)` of one too) whose body calls
    a method other than `forward` on its modules (`for stage in self.stages[::-1]: x =
    stage.decode(x)`): TorchScript fails to compile it (object has no attribute or method
    'decode'), or, where another use compiles the method, runs it on the wrong modules (torch
    2.13: each module of a `[::-1]` slice ran the last one's).
    A `Final` (or `__constants__`) int attribute is a literal index (TorchScript folds it):
    `self.heads[self.at]` is not flagged then. Also a list comprehension or generator over a
    list or tuple of submodules that calls each (`[m(x) for m in (self.a, self.b)]`: object has
    no attribute or method '__call__'), a loop over a list or tuple of submodules (one bound to
    what a method of the class returns, `self.stage1 = self._make_stage(...)`, too) that
    iterates or indexes each (`for stage in (self.stage1, self.stage2): for block in stage:`:
    torch 2.13 `'...ModuleList' object is not iterable`), and a loop over a submodule of a project class that is
    no module container (its `__iter__` is never called: Only constant Sequential, ModuleList,
    ModuleDict, or ParameterList can be used as an iterable), also as an argument of `zip`
    (`zip(sizes, self.cell_anchors)`; a project class deriving from `nn.ModuleList` zips like
    its base). And `self.X[i]` with a variable
    index where the class binds `self.X` only to torch.nn modules, a container on one path
    (`nn.ModuleList(...)`) and a plain module (`nn.Linear(...)`) on another (`if individual:
    ... else: ...`, a conditional expression): whichever the module holds, TorchScript
    rejects the index (Expected integer literal for index; Only ModuleList, Sequential,
    ModuleDict, ParameterList, and ParameterDict modules are subscriptable). And a submodule
    attribute used
    as the condition of an `if` / `while` (`if self.dconv:`, `not`, `and` / `or` operands)
    where every assignment of the class sets it to None or to an instance of a module class
    (also `klass(...)` of a local bound only to module classes): TorchScript casts neither a
    module nor None to bool, whichever the module was built with (torch 2.13: `Could not cast
    value of type __torch__...DConv to bool`, `... NoneType to bool`); `self.dconv is not
    None` compiles, folded to a constant. And a loop or comprehension over `zip(...)` of a
    tuple (a display, a `Tuple[...]` parameter, an attribute `__init__` sets only to tuples:
    `self.weights = weights` with `weights=(1.0, 0.5)`, `tuple(...)`) with a sequence whose
    length TorchScript does not know when compiling: a list (`List[...]` parameter, display,
    comprehension), a string, a `range(...)` (`range(3)` too), a tensor's shape, a Tensor
    parameter (torch 2.13: Can not iterate over a module list or tuple with a value that does
    not have a statically determinable length); a tuple unrolls like a module container.

    ## Why is this bad?
    TorchScript unrolls loops over module containers and needs every index to be a literal:
    `Expected integer literal for index but got a variable or non-integer. ModuleList/Sequential
    indexing is only supported with integer literals.` (`Unable to extract string literal index`
    for a ModuleDict), and `Can not iterate over a module list or tuple with a value that does
    not have a statically determinable length` for `zip`. `torch.compile` and `torch.export`
    accept both. TorchScript compiles an `nn.ParameterDict` as a module container whose only
    use is a string-literal index (`Unknown type constructor Iterable` for `.items()` /
    `.values()`, `container_abcs.KeysView` for `.keys()`, `object has no attribute or method
    '__contains__'` for `in` and `.get`, an internal assert for a loop over it), and neither
    it nor an `nn.ParameterList` has `__len__` there (a ParameterList loops and takes literal
    indices). A module of any other class is compiled as a module whose Python
    `__getitem__` / `__len__` TorchScript does not call: `Only ModuleList, Sequential,
    ModuleDict, ParameterList, and ParameterDict modules are subscriptable` (`object has no
    attribute or method '__len__'`), where a class deriving from `nn.ModuleList` subscripts.
    A module container in scripted code has only its literal index, `len`, iteration and a
    ModuleDict's `.keys()` / `.items()` / `.values()`: `Module 'ModuleDict' has no attribute
    'get'` (torch 2.13), and the other methods are compiled from their Python source and fail
    (`Unknown type name 'Module'` for `append` / `insert`, `Unknown type constructor Mapping`
    for `update`).

    ## Example
    ```python
    for i in range(len(self.layers)):
        x = self.layers[i](x)
    ```
    Use instead:
    ```python
    for layer in self.layers:
        x = layer(x)
    ```

    ## Fix safety
    Unsafe fix: `for i in range(len(self.layers)): ... self.layers[i] ...` -> `for layer in
    self.layers:` (`for i, layer in enumerate(self.layers):` where `i` is used otherwise), and
    `for block, g in zip(self.blocks, self.gains):` -> `for i, block in
    enumerate(self.blocks):` with `g = self.gains[i]` first in the body (`for (name, head), w
    in zip(self.heads.items(), self.weights):` -> `for i, (name, head) in
    enumerate(self.heads.items()):`, which TorchScript unrolls). The loops are the same
    when the lengths agree; `zip` stopped at a shorter list where the rewrite raises
    `IndexError`. Loops indexing two containers, other `range` bounds and one-line bodies have
    no fix. A loop over a slice (`for layer in self.layers[a:b]:`, `enumerate(self.layers[:b])`)
    -> `for i, layer in enumerate(self.layers):` with `if a <= i < b:` around the body: safe for
    non-negative int literal bounds (the same modules run the body), unsafe for a bound that is
    a name, an attribute or `len(...)` (a negative value selected other modules, and the bound is
    now read per module). No fix for a step, a negative literal, a body with `break` /
    `continue` / `return` / `yield`, or a loop variable read after the loop. Safe fix for
    `if cond: continue` standing in the body of a loop over a module container (its only
    `break` / `continue`): the statements after it go under `if not (cond):` (they ran exactly
    when `continue` did not skip them). Safe fix for `if cond: ...; break` standing last in
    such a loop's body (its only jump, no `else` on the loop, the loop variables not read
    after it): a flag, `done = False` before the loop, the body under `if not done:` and
    `done = True` for the `break` (the same statements run; the remaining modules are
    iterated and skipped). `y = self.seq[a:b](x)` of an `nn.Sequential` (a statement of its
    own) -> `y = x` and `for i, module in enumerate(self.seq): if a <= i < b: y =
    module(y)`, what `Sequential.forward` runs for the slice: safe for non-negative int
    literal bounds, unsafe for a name / attribute bound (a negative value selected other
    modules). Unsafe fix for a loop calling each
    module of a list or tuple of submodules (or of a property returning one): `stage(x)` ->
    `stage.forward(x)`, which TorchScript compiles; unsafe because `.forward` skips the
    module's forward hooks. Safe fix for `k in self.bank` / `k not in self.bank` of a project
    module whose class defines `__contains__`: the method called by name
    (`self.bank.__contains__(k)`), which TorchScript compiles and Python runs for both
    spellings.
    """

    code = "TL208"
    name = "module-container-index-in-script"
    message = "module container indexed with a variable: torch.jit.script needs a literal index"
    targets = SCRIPT

    VALID = [
        # `.forward(...)` and attribute reads of the modules of a reversed slice script right.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stages = nn.ModuleList([nn.Linear(3, 3) for _ in range(3)])

                def forward(self, x):
                    for stage in self.stages[::-1]:
                        x = stage.forward(x) * stage.bias.sum()
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # Tuples zipped with tuples, enumerated, or made a list before a list joins them.
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, weights=(1.0, 0.5), scales=(2.0, 3.0)):
                    super().__init__()
                    self.weights = weights
                    self.scales = tuple(scales)
                    self.bias = list(weights)

                def forward(self, x, feats: List[torch.Tensor]):
                    for w, s in zip(self.weights, self.scales):
                        x = x * w + s
                    for i, w in enumerate(self.weights):
                        x = x + w * i
                    return x + torch.stack([f * b for f, b in zip(feats, self.bias)]).sum(0)

            def inputs():
                return [(torch.randn(2, 3), [torch.randn(2, 3)] * 2)]
            """
        ),
        # Indexed with a variable into a name annotated with an interface type, called through `.forward`.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            @torch.jit.interface
            class BlockInterface(nn.Module):
                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    pass


            class Block(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 3, 1)

                def forward(self, x):
                    return self.conv(x)

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.blocks = nn.ModuleList([Block() for _ in range(3)])

                def forward(self, x):
                    for i in range(3):
                        b: BlockInterface = self.blocks[i]
                        x = b.forward(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """
        ),
        # A ParameterList a base class sets, zipped with a ModuleList: TorchScript unrolls both.
        Valid(
            """
            import torch
            from torch import nn

            class Base(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gains = nn.ParameterList([nn.Parameter(torch.ones(4)) for _ in range(2)])

            class Model(Base):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for layer, gain in zip(self.layers, self.gains):
                        x = layer(x) * gain
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A ModuleDict looked up by a loop over its items.
        Valid(
            _HEADS.replace(
                "BODY",
                "for name, head in self.heads.items():\n"
                "            if name == self.task:\n"
                "                return head(x)\n"
                "        return self.default(x)",
            )
        ),
        # A project module asked through a method of its own instead of `in`.
        Valid(
            """
            import torch
            from torch import nn

            class Registry(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.names = ["a", "b"]

                def has(self, name: str) -> bool:
                    return name in self.names

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.registry = Registry()

                def forward(self, x):
                    if self.registry.has("b"):
                        x = x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A project class deriving from `nn.ModuleList` subscripts with a literal.
        Valid(
            """
            import torch
            from torch import nn

            class Stages(nn.ModuleList):
                def __getitem__(self, idx):
                    return super().__getitem__(idx)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stages = Stages([nn.Linear(3, 3), nn.Linear(3, 3)])

                def forward(self, x):
                    return self.stages[0](x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A ParameterDict indexed with literal keys, a ParameterList looped over.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = nn.ParameterDict({"a": nn.Parameter(torch.ones(3))})
                    self.gains = nn.ParameterList([nn.Parameter(torch.ones(3)) for _ in range(2)])

                def forward(self, x):
                    for g in self.gains:
                        x = x * g
                    return x * self.scales["a"] + self.gains[0]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A literal slice whose modules are not called, a `Final` bound, `.forward`.
        Valid(
            "import torch\nfrom torch import nn\nfrom typing import Final\n\n\n"
            "class Model(nn.Module):\n    depth: Final[int]\n\n"
            "    def __init__(self):\n        super().__init__()\n"
            "        self.layers = nn.ModuleList([nn.Linear(3, 3), nn.Linear(3, 3)])\n"
            "        self.depth = 1\n\n"
            "    def forward(self, x):\n"
            "        for layer in self.layers[: self.depth]:\n            x = layer.forward(x)\n"
            "        for layer in self.layers[1:]:\n            x = x + layer.weight.sum()\n"
            "        return x\n\n\ndef inputs():\n"
            "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
        ),
        # A tuple of submodules whose `.forward` is called (torch 2.13 scripts it).
        Valid(
            _example(
                "        for m in (self.a, self.b):\n            x = m.forward(x)\n        return x"
            ).replace(
                "super().__init__()\n",
                "super().__init__()\n        self.a = nn.Linear(3, 3)\n        self.b = nn.ReLU()\n",
            )
        ),
        # `zip` of a ModuleList with a ParameterList, and `strict=True` (torch scripts both).
        Valid(
            _example(
                "        for layer, g in zip(self.layers, self.gains, strict=True):\n"
                "            x = layer(x) * g\n        return x"
            ).replace(
                "super().__init__()\n",
                "super().__init__()\n        self.gains = nn.ParameterList("
                "[nn.Parameter(torch.ones(3)) for _ in range(2)])\n",
            )
        ),
        # A ModuleDict's `.values()` zipped with a ModuleList, a module container zipped
        # with a tuple (a static length): torch 2.13 scripts both.
        Valid(
            _DICT_ZIP.format(
                loop="for head, layer in zip(self.heads.values(), self.layers):\n"
                "            x = x + head(layer(x))\n"
                "        for layer, s in zip(self.layers, (1.0, 2.0)):\n"
                "            x = layer(x) * s\n"
                "        for (name, head), w in zip(self.heads.items(), self.pairs):\n"
                "            x = x + w * head(x)"
            )
        ),
        Valid(
            _example(
                "        for i, layer in enumerate(self.layers):\n"
                "            x = layer(x) * float(i + 1)\n"
                "        return self.layers[-1](x)"
            )
        ),
        Valid(
            """
            from typing import Final

            import torch
            from torch import nn

            class Model(nn.Module):
                at: Final[int]

                def __init__(self, at: int = 1):
                    super().__init__()
                    self.heads = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])
                    self.at = at

                def forward(self, x):
                    return self.heads[self.at](x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # The same submodule tested with `is not None` (a constant to TorchScript).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, rewrite=True, wide=False):
                    super().__init__()
                    klass = nn.Conv1d
                    if wide:
                        klass = nn.Conv2d
                    self.rewrite = None
                    if rewrite:
                        self.rewrite = klass(3, 3, 1)
                    self.extra = nn.Linear(8, 8) if wide else None

                def forward(self, x):
                    if self.rewrite is not None:
                        x = self.rewrite(x)
                    if self.extra is not None:
                        x = self.extra(x)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 6),)]
            """
        ),
        # The same attribute iterated, not indexed: TorchScript unrolls the loop over the
        # ModuleList the module holds.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, shared=False, n=2):
                    super().__init__()
                    if shared:
                        self.heads = nn.Linear(4, 4)
                    else:
                        self.heads = nn.ModuleList([nn.Linear(4, 4) for _ in range(n)])

                def forward(self, x):
                    outs = []
                    for k, head in enumerate(self.heads):
                        outs.append(head(x[k]))
                    return torch.stack(outs)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 3, 4),)]
            """
        ),
        # The same zip over a class deriving from nn.ModuleList: TorchScript unrolls it.
        Valid(
            """
            import torch
            from torch import nn

            class Stack(nn.ModuleList):
                pass

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = Stack([nn.Linear(4, 4), nn.Linear(4, 4)])
                    self.gates = nn.ParameterList([nn.Parameter(torch.ones(1)) for _ in range(2)])

                def forward(self, x):
                    for gate, block in zip(self.gates, self.blocks):
                        x = x + gate * block(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The same loop with the test around the call instead of a `break`.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc1 = nn.Linear(4, 4)
                    self.act = nn.Tanh()
                    self.fc2 = nn.Linear(4, 4)

                def forward(self, x):
                    for child in self.children():
                        if x.shape[-1] == 4:
                            x = child(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A project module with `__contains__` tested with `not in`.
        Invalid(
            """
            import torch
            from torch import nn

            class Registry(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.names = ["a", "b"]

                def __contains__(self, name: str) -> bool:
                    return name in self.names

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.registry = Registry()

                def forward(self, x):
                    if "c" not in self.registry:
                        x = x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=18,
            message_contains="tested with `in`",
        ),
        # A method of the modules of a reversed slice, compiled through the unsliced loop too:
        # scripted code runs the wrong modules (torch 2.13: the last one's, each time).
        Invalid(
            """
            import torch
            from torch import nn

            class Stage(nn.Linear):
                def gain(self, x: torch.Tensor) -> torch.Tensor:
                    return x * self.bias.sum()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stages = nn.ModuleList([Stage(3, 3) for _ in range(3)])

                def forward(self, x):
                    for stage in self.stages:
                        x = stage.gain(x)
                    for i, stage in enumerate(self.stages[::-1]):
                        x = stage.gain(x) + i
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=16,
            message_contains="method other than `forward`",
        ),
        # A tuple attribute (a tuple default) zipped with a List[Tensor], in a comprehension.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, weights=(1.0, 0.5, 0.25)):
                    super().__init__()
                    self.weights = weights

                def forward(self, preds: List[torch.Tensor], target: torch.Tensor):
                    losses = [((p - target) ** 2).mean() * w for p, w in zip(preds, self.weights)]
                    return torch.stack(losses).sum()

            def inputs():
                return [([torch.randn(2, 3), torch.randn(2, 3)], torch.randn(2, 3))]
            """,
            line=12,
            message_contains="statically determinable length",
        ),
        # `tuple(...)` zipped with a range, in a loop.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, gains=[1.0, 2.0]):
                    super().__init__()
                    self.gains = tuple(gains)

                def forward(self, x):
                    for g, i in zip(self.gains, range(x.dim())):
                        x = x * g + i
                    for j, (g, i) in enumerate(zip(self.gains, range(x.dim()))):
                        x = x * g + i + j
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="statically determinable length",
        ),
        # An interface-typed name called directly.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            @torch.jit.interface
            class BlockInterface(nn.Module):
                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    pass


            class Block(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 3, 1)

                def forward(self, x):
                    return self.conv(x)

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.blocks = nn.ModuleList([Block() for _ in range(3)])

                def forward(self, x):
                    for i in range(3):
                        b: BlockInterface = self.blocks[i]
                        x = b(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=27,
            message_contains="interface type",
        ),
        # The container holds a class whose forward names its parameter otherwise.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            @torch.jit.interface
            class BlockInterface(nn.Module):
                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    pass


            class Block(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 3, 1)

                def forward(self, inp):
                    return self.conv(inp)

            class Model(nn.Module):
                def __init__(self, keep=True, out_indices=(1, 3)):
                    super().__init__()
                    self.blocks = nn.ModuleList([Block() for _ in range(3)])

                def forward(self, x):
                    for i in range(3):
                        b: BlockInterface = self.blocks[i]
                        x = b.forward(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3, 4, 4),), (torch.randn(1, 3, 6, 4),)]
            """,
            line=26,
            message_contains="parameter names must match",
        ),
        # A list of a ModuleDict's modules, indexed.
        Invalid(
            _HEADS.replace("BODY", "return list(self.heads.values())[0](x)"),
            line=12,
            message_contains="a list of modules",
        ),
        Invalid(
            _HEADS.replace("BODY", "return self.heads.get(self.task, self.default)(x)"),
            line=12,
            message_contains="has no attribute 'get'",
        ),
        # A module class of the project with its own `__getitem__`.
        Invalid(
            """
            import torch
            from torch import nn

            class Stages(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.s0 = nn.Linear(3, 3)
                    self.s1 = nn.Linear(3, 3)

                def __getitem__(self, idx: int) -> nn.Module:
                    return self.s0 if idx == 0 else self.s1

                def forward(self, x):
                    return self.s1(self.s0(x))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stages = Stages()

                def forward(self, x):
                    return self.stages[0](x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=22,
            message_contains="subscriptable",
        ),
        # Through zip(...), enumerate(...), or a local bound to the sequence.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)

                def forward(self, x):
                    for m, s in zip((self.a, self.b), (1.0, 2.0)):
                        x = m(x) * s
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="'__call__'",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)

                def forward(self, x):
                    for m, s in zip((self.a, self.b), (1.0, 2.0)):
                        x = m.forward(x) * s
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)

                def forward(self, x):
                    mods = [self.a, self.b]
                    for i, m in enumerate(mods):
                        x = m(x) + i
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="'__call__'",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)

                def forward(self, x):
                    mods = [self.a, self.b]
                    for i, m in enumerate(mods):
                        x = m.forward(x) + i
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A container among the submodules: an nn.Sequential is called the same way.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.local_path = nn.Linear(3, 3)
                    self.global_path = nn.Sequential(nn.LayerNorm(3), nn.Linear(3, 3))

                def forward(self, x):
                    out = torch.zeros_like(x)
                    for path in (self.global_path, self.local_path):
                        out = out + torch.relu(path(x))
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="'__call__'",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.local_path = nn.Linear(3, 3)
                    self.global_path = nn.Sequential(nn.LayerNorm(3), nn.Linear(3, 3))

                def forward(self, x):
                    out = torch.zeros_like(x)
                    for path in (self.global_path, self.local_path):
                        out = out + torch.relu(path.forward(x))
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        # A ModuleDict's `.items()` is unrolled too: no `break` in it.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleDict({"a": nn.Linear(2, 2), "b": nn.Linear(2, 2)})

                def forward(self, x):
                    for name, block in self.blocks.items():
                        if name == "b":
                            break
                        x = block(x)
                    return x

            def inputs():
                return [(torch.randn(2, 2),), (torch.randn(3, 2),)]
            """,
            line=12,
            message_contains="`break` in a loop over a module container",
        ),
        Invalid(
            _example("        low = self.layers[: self.depth](x)\n        return low")
            .replace("nn.ModuleList([", "nn.Sequential(*[")
            .replace("super().__init__()\n", "super().__init__()\n        self.depth = 1\n"),
            line=12,
            message_contains="self.depth",
            fixed=_example(
                "        low = x\n        for i, module in enumerate(self.layers):\n"
                "            if i < self.depth:\n                low = module(low)\n"
                "        return low"
            )
            .replace("nn.ModuleList([", "nn.Sequential(*[")
            .replace("super().__init__()\n", "super().__init__()\n        self.depth = 1\n"),
        ),
        Invalid(
            _example(
                "        for i, layer in enumerate(self.layers):\n"
                "            x = layer(x)\n"
                "            if i == 0:\n"
                "                break\n"
                "        return x"
            ),
            line=14,
            message_contains="`break`",
            fixed=_example(
                "        done = False\n"
                "        for i, layer in enumerate(self.layers):\n"
                "            if not done:\n"
                "                x = layer(x)\n"
                "                if i == 0:\n"
                "                    done = True\n"
                "        return x"
            ),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = nn.ParameterDict(
                        {"a": nn.Parameter(torch.ones(3)), "b": nn.Parameter(torch.full((3,), 2.0))}
                    )

                def forward(self, x):
                    for name, scale in self.scales.items():
                        x = x * scale
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=12,
            message_contains="ParameterDict.items()",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.gains = nn.ParameterList([nn.Parameter(torch.ones(3)) for _ in range(2)])

                def forward(self, x):
                    return x * len(self.gains)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=10,
            message_contains="`__len__`",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, pool: bool = True):
                    super().__init__()
                    self.pool = nn.ModuleList([nn.AvgPool1d(2)] if pool else [])

                def forward(self, x):
                    if self.pool:
                        x = self.pool[0](x)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 6),)]
            """,
            line=10,
            message_contains="truth test",
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def __init__(self, pool: bool = True):
                        super().__init__()
                        self.pool = nn.ModuleList([nn.AvgPool1d(2)] if pool else [])

                    def forward(self, x):
                        if len(self.pool) > 0:
                            x = self.pool[0](x)
                        return x * 2

                def inputs():
                    return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 6),)]
                """,
        ),
        Invalid(
            _example(
                "        for layer in self.layers[: self.depth]:\n            x = layer(x)\n        return x"
            ).replace("super().__init__()\n", "super().__init__()\n        self.depth = 1\n"),
            line=12,
            message_contains="integer literal",
        ),
        Invalid(
            _example(
                "        for layer in self.layers[1:]:\n            x = layer(x)\n        return x"
            ),
            line=11,
            message_contains="'__call__'",
        ),
        # `continue` in a loop over a ModuleList.
        Invalid(
            _example(
                "        for i, layer in enumerate(self.layers):\n"
                "            if i == 0:\n                continue\n"
                "            x = layer(x)\n        return x"
            ),
            line=13,
            message_contains="break or continue",
            fixed=_example(
                "        for i, layer in enumerate(self.layers):\n"
                "            if not (i == 0):\n                x = layer(x)\n        return x"
            ),
        ),
        # A property returning a list of submodules, iterated and called.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)

                @property
                def stages(self):
                    return [self.a, self.b]

                def forward(self, x):
                    for stage in self.stages:
                        x = stage(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=15,
            message_contains="__call__",
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)

                @property
                def stages(self):
                    return [self.a, self.b]

                def forward(self, x):
                    for stage in self.stages:
                        x = stage.forward(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
        ),
        Invalid(
            _example(
                "        for i in range(len(self.layers)):\n            x = self.layers[i](x)\n        return x"
            ),
            line=12,
            fixed=_example(
                "        for layer in self.layers:\n            x = layer(x)\n        return x"
            ),
        ),
        Invalid(
            _example(
                "        for layer, s in zip(self.layers, [1.0, 2.0]):\n            x = layer(x) * s\n        return x"
            ),
            line=11,
            message_contains="zip",
        ),
        # A ModuleDict's `.items()` zipped with a list attribute.
        Invalid(
            _DICT_ZIP.format(
                loop="for (name, head), w in zip(self.heads.items(), self.weights):\n"
                "            x = x + w * head(x)"
            ),
            line=14,
            message_contains="zip",
            fixed=_DICT_ZIP.format(
                loop="for i, (name, head) in enumerate(self.heads.items()):\n"
                "            w = self.weights[i]\n            x = x + w * head(x)"
            ),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(3, 3)
                    self.b = nn.Linear(3, 3)

                def forward(self, x):
                    ys = [m(x) for m in (self.a, self.b)]
                    return ys[0] + ys[1]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="'__call__'",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Stage(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])

                def __iter__(self):
                    return iter(self.blocks)

                def forward(self, x):
                    for b in self.blocks:
                        x = b(x)
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stage = Stage()

                def forward(self, x):
                    for b in self.stage:
                        x = b(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=23,
            message_contains="can be used as an iterable",
        ),
        # A submodule that is None or a module (a local bound to module classes) as a condition.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, rewrite=True, wide=False):
                    super().__init__()
                    klass = nn.Conv1d
                    if wide:
                        klass = nn.Conv2d
                    self.rewrite = None
                    if rewrite:
                        self.rewrite = klass(3, 3, 1)

                def forward(self, x):
                    if self.rewrite:
                        x = self.rewrite(x)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3, 8),), (torch.randn(1, 3, 6),)]
            """,
            line=15,
            message_contains="Could not cast value of type ... to bool",
        ),
        # A loop over a tuple of module containers (one built by a method) that iterates each.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stage1 = self._make_stage(2)
                    self.stage2 = nn.ModuleList([nn.Linear(3, 3)])

                def _make_stage(self, n):
                    return nn.ModuleList([nn.Linear(3, 3) for _ in range(n)])

                def forward(self, x):
                    for stage in (self.stage1, self.stage2):
                        for block in stage:
                            x = block(x)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=15,
            message_contains="is not iterable",
        ),
        # `self.heads` a ModuleList or, by another constructor argument, a plain Linear: indexed
        # with a loop variable it fails either way.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, per_step=True, n=2):
                    super().__init__()
                    self.n = n
                    self.heads = (
                        nn.ModuleList([nn.Linear(4, 4) for _ in range(n)])
                        if per_step
                        else nn.Linear(4, 4)
                    )

                def forward(self, x):
                    outs = []
                    for k in range(self.n):
                        outs.append(self.heads[k](x[k]))
                    return torch.stack(outs)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 3, 4),)]
            """,
            line=17,
            message_contains="on one path and to an `nn.Linear` on another",
        ),
        # A project module class with `__iter__` but no container base, zipped with a
        # ParameterList: TorchScript iterates neither through `__iter__`.
        Invalid(
            """
            import torch
            from torch import nn

            class Stack(nn.Module):
                def __init__(self, n):
                    super().__init__()
                    for i in range(n):
                        self.add_module(f"b{i}", nn.Linear(4, 4))

                def __iter__(self):
                    return iter(self._modules.values())

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = Stack(2)
                    self.gates = nn.ParameterList([nn.Parameter(torch.ones(1)) for _ in range(2)])

                def forward(self, x):
                    for gate, block in zip(self.gates, self.blocks):
                        x = x + gate * block(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=20,
            message_contains="can be used as an iterable",
        ),
        # `break` in a loop over the module's own children, which TorchScript unrolls too.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc1 = nn.Linear(4, 4)
                    self.act = nn.Tanh()
                    self.fc2 = nn.Linear(4, 4)

                def forward(self, x):
                    for child in self.children():
                        x = child(x)
                        if x.shape[-1] != 4:
                            break
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
            message_contains="in a loop over `self.children()`",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._interface_indexed: set[int] = set()

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        """``block: BlockInterface = self.blocks[i]``: TorchScript indexes a module container
        with a variable when the target is annotated with a ``torch.jit.interface`` type
        (torch 2.13 scripts it); the name is then called through the interface's methods
        only, and every module of the container must match the interface's signatures."""
        value = node.value
        if (
            not in_script(self.ctx)
            or not isinstance(value, cst.Subscript)
            or not isinstance(node.target, cst.Name)
            or self.ctx.kind(value.value) is not Kind.MODULES
        ):
            return
        interface = _interface_class(self.ctx.module, node.annotation.annotation)
        if interface is None:
            return
        self._interface_indexed.add(id(value))
        name = node.target.value
        if self.ctx.function is not None:
            for call in _direct_calls(self.ctx.function.body, name):
                self.report(
                    call,
                    f"torch.jit.script fails: `{name}` is annotated with the interface type "
                    f"`{interface.name.value}`, which TorchScript cannot call (cannot call a "
                    f"value of type '{interface.name.value}'); call its method: "
                    f"`{name}.forward(...)`",
                )
        mismatch = self._interface_mismatch(value.value, interface)
        if mismatch is not None:
            cls, method, theirs, wanted = mismatch
            self.report(
                value,
                f"torch.jit.script fails: the container holds `{cls}`, whose `{method}` takes "
                f"({theirs}) where the interface `{interface.name.value}` declares "
                f"({wanted}) (Method on class ... is not compatible with interface): the "
                "parameter names must match",
            )

    def _interface_mismatch(
        self, container: cst.BaseExpression, interface: cst.ClassDef
    ) -> Optional[tuple[str, str, str, str]]:
        """A module class of this file, built into ``self.X`` (``nn.ModuleList([...])``, a
        comprehension of one), whose method of an interface method's name has other
        parameter names: (class, method, its names, the interface's)."""
        attr = self_attribute(container)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        declared = {
            m.name.value: [p.name.value for p in m.params.params[1:]]
            for m in interface.body.body
            if isinstance(m, cst.FunctionDef)
        }
        for method in class_methods(self.ctx, info.owner_class):
            for built in self_assignments(method, attr):
                for cls in _built_classes(built):
                    if not isinstance(cls, cst.Name):
                        continue
                    definition = _module_class(self.ctx.module, cls.value)
                    if definition is None:
                        continue
                    for own in definition.body.body:
                        if not isinstance(own, cst.FunctionDef) or own.name.value not in declared:
                            continue
                        own_params = own.params
                        if (
                            isinstance(own_params.star_arg, cst.Param)
                            or own_params.star_kwarg is not None
                        ):
                            continue
                        names = [p.name.value for p in own_params.params[1:]]
                        wanted = declared[own.name.value]
                        if names != wanted:
                            return cls.value, own.name.value, ", ".join(names), ", ".join(wanted)
        return None

    def visit_If(self, node: cst.If) -> None:
        self._truth_test(node.test)

    def visit_While(self, node: cst.While) -> None:
        self._truth_test(node.test)

    def _truth_test(self, test: cst.BaseExpression) -> None:
        """``if self.downsample:`` of a module container: TorchScript has no truth value for
        it (torch 2.13: "Could not cast value of type ... ModuleList to bool")."""
        if not in_script(self.ctx):
            return
        parts = [test]
        while parts:
            part = parts.pop()
            if isinstance(part, cst.BooleanOperation):
                parts.extend((part.left, part.right))
            elif isinstance(part, cst.UnaryOperation) and isinstance(part.operator, cst.Not):
                parts.append(part.expression)
            elif self.ctx.kind(part) is Kind.MODULES:
                self.report(
                    part,
                    "truth test of a module container: torch.jit.script cannot cast a module "
                    "list or dict to bool; test its length (`len(self.layers) > 0`)",
                )
            else:
                attr = self_attribute(part)
                if attr is not None and self._submodule_or_none(attr):
                    self.report(
                        part,
                        f"`self.{attr}` used as a condition, where every assignment of the class sets "
                        "it to a module or None: torch.jit.script casts neither to bool, whichever "
                        "it holds (torch 2.13: Could not cast value of type ... to bool); test "
                        f"`self.{attr} is not None`, which TorchScript folds to a constant",
                    )

    def _submodule_or_none(self, attr: str) -> bool:
        """Whether every binding of ``self.<attr>`` in the methods of the current module class
        is None or an instance of a module class (``DConv(...)``, ``nn.Linear(...)``, or
        ``klass(...)`` of a local bound only to module classes), at least one an instance; not
        for an attribute the class body annotates or declares a constant."""
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if owner is None or has_constants(self.ctx, owner):
            return False
        if attr in class_annotations(self.ctx, owner):
            return False
        index = self.ctx.index
        if not index.is_module_class(owner):
            return False
        built = False
        for method in class_methods(self.ctx, owner):
            for value in self_assignments(method, attr):
                if value is None:
                    return False
                options = [value.body, value.orelse] if type(value) is cst.IfExp else [value]
                for option in options:
                    if is_none(option):
                        continue
                    if type(option) is not cst.Call or not self._module_classes(
                        method, option.func, index
                    ):
                        return False
                    built = True
        return built

    def _module_classes(self, method: cst.FunctionDef, func: cst.BaseExpression, index) -> bool:  # type: ignore[no-untyped-def]
        """``func`` names a module class: qualified, or a local of ``method`` every binding of
        which is one (``klass = nn.Conv1d`` / ``klass = nn.Conv2d``)."""

        def module_class(node: cst.BaseExpression) -> bool:
            name = self.ctx.qualified_name(node)
            return name is not None and (is_torch_module_class(name) or index.is_module_class(name))

        if module_class(func):
            return True
        if type(func) is not cst.Name:
            return False
        bound = assignments(method, func.value)
        return bool(bound) and all(size == 1 and module_class(value) for value, _, size in bound)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not in_script(self.ctx):
            return
        if self._plain_module_class(node.value) is not None:
            self._plain_module_use(node, "indexed")
            return
        if len(node.slice) != 1:
            return
        if self._listed_modules(node.value):
            return
        index = node.slice[0].slice
        if isinstance(index, cst.Slice):
            self._slice(node, index)
            return
        if not isinstance(index, cst.Index) or _literal_index(index.value):
            return
        if self.ctx.kind(node.value) is Kind.MODULES:
            if id(node) in self._interface_indexed or self._constant_index(index.value):
                return
            self.report(
                node,
                "module container indexed with a variable: torch.jit.script needs a literal index; "
                "iterate over it (`for layer in self.layers`, `enumerate(...)`)",
            )
        elif (mixed := self._container_or_module(node.value)) is not None:
            if self._constant_index(index.value):
                return
            container, plain = mixed
            code = self.ctx.module.code_for_node(node.value)
            self.report(
                node,
                f"`{code}` indexed with a variable in scripted code, where `__init__` binds it "
                f"to an `nn.{container}` on one path and to an `nn.{plain}` on another: "
                "TorchScript compiles the indexing whichever it holds: as a container it needs "
                "a literal index (torch 2.13: Expected integer literal for index but got a "
                "variable or non-integer), as the plain module it is not subscriptable (Only "
                "ModuleList, Sequential, ModuleDict, ParameterList, and ParameterDict modules "
                "are subscriptable); iterate over it (`for i, layer in enumerate(self.X)`) "
                "and keep the plain-module case out of the scripted path",
            )
        elif (kind := self._parameter_kind(node.value)) is not None:
            self.report(
                node,
                f"`nn.{kind}` indexed with a variable in scripted code: TorchScript compiles "
                "it as a module container and needs a literal index (torch 2.13: Expected "
                "integer literal for index / Unable to extract string literal index); "
                + (
                    "iterate over it (`for p in self.params`, `enumerate(...)`)"
                    if kind == "ParameterList"
                    else "store the parameters in an `nn.ParameterList` in a known order, or "
                    "index with literal keys"
                ),
            )

    def _container_or_module(self, value: cst.BaseExpression) -> Optional[tuple[str, str]]:
        """``self.X`` that the class's methods bind only to instances of torch.nn classes, a
        module container (``nn.ModuleList()``) on one path and a plain module (``nn.Linear``)
        on another (``if individual: ... else: ...``): (the container's name, the plain
        one's). Not for a class with constants (``Final`` / ``__constants__``: TorchScript
        may drop a branch) or an attribute its body annotates."""
        attr = self_attribute(value)
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        if attr is None or owner is None or has_constants(self.ctx, owner):
            return None
        if attr in class_annotations(self.ctx, owner):
            return None
        containers: list[str] = []
        plain: list[str] = []
        for method in class_methods(self.ctx, owner):
            for bound in self_assignments(method, attr):
                options = [bound.body, bound.orelse] if type(bound) is cst.IfExp else [bound]
                for option in options:
                    if type(option) is not cst.Call:
                        return None
                    name = self.ctx.qualified_name(option.func)
                    if name is None or not is_torch_module_class(name):
                        return None
                    short = name.rsplit(".", 1)[-1]
                    if name in CONTAINER_CLASSES:
                        containers.append(short)
                    elif name.startswith("torch.nn.") and not name.startswith("torch.nn.Parameter"):
                        plain.append(short)
                    else:
                        return None
        if containers and plain:
            return containers[0], plain[0]
        return None

    def _listed_modules(self, value: cst.BaseExpression) -> bool:
        """``list(self.heads.values())[0]`` / ``list(self.layers)[k]``: a list of the modules
        of a module container (or of a ModuleDict's ``.values()``), indexed; reported, True.
        TorchScript holds no module in a list (torch 2.13: List type annotation
        `List[__torch__...Linear]` did not match the types of the given list elements)."""
        if not (
            type(value) is cst.Call
            and len(value.args) == 1
            and value.args[0].keyword is None
            and not value.args[0].star
            and self.ctx.qualified_name(value.func) == "builtins.list"
        ):
            return False
        inner = value.args[0].value
        if self._parameter_container(inner):
            return False
        values = (
            type(inner) is cst.Call
            and type(inner.func) is cst.Attribute
            and inner.func.attr.value == "values"
            and not inner.args
            and self.ctx.kind(inner.func.value) is Kind.MODULES
        )
        if not values and self.ctx.kind(inner) is not Kind.MODULES:
            return False
        if type(inner) is cst.Call and not values:
            return False  # `.items()` / `.keys()`: pairs and names, not modules
        if not values and self._maybe_module_dict(inner):
            return False  # `list(d)` of a ModuleDict lists its keys
        code = self.ctx.module.code_for_node(value)
        self.report(
            value,
            f"`{code}` indexed: a list of modules, which TorchScript cannot build (torch "
            "2.13: List type annotation `List[...Linear]` did not match the types of the given "
            "list elements); index the container itself with a literal (`self.layers[0]`, "
            '`self.heads["key"]`) or loop over it',
        )
        return True

    def _maybe_module_dict(self, node: cst.BaseExpression) -> bool:
        """Whether ``node`` may hold an ``nn.ModuleDict``: anything but ``self.X`` that the
        class binds only to calls of another module container."""
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return True
        values = [
            v
            for method in class_methods(self.ctx, info.owner_class)
            for v in self_assignments(method, attr)
        ]
        return not values or any(
            type(v) is not cst.Call
            or (self.ctx.qualified_name(v.func) or "").rsplit(".", 1)[-1]
            not in ("ModuleList", "Sequential")
            for v in values
        )

    # -- what TorchScript's ParameterList / ParameterDict lack
    def visit_Comparison(self, node: cst.Comparison) -> None:
        if not in_script(self.ctx):
            return
        for target in node.comparisons:
            if not isinstance(target.operator, (cst.In, cst.NotIn)):
                continue
            if self._plain_module_class(target.comparator) is not None:
                self._plain_module_use(target.comparator, "tested with `in`")
                continue
            kind = self._parameter_kind(target.comparator)
            if kind is not None:
                self.report(
                    target.comparator,
                    f"`in` test of an `nn.{kind}` in scripted code: TorchScript's {kind} has no "
                    "`__contains__` (torch 2.13: object has no attribute or method "
                    "'__contains__'); keep the keys in a list or tuple attribute and test that",
                )

    def _container_method(self, node: cst.Call) -> bool:
        """``self.heads.get(...)`` (``pop``, ``update``, ``clear``, ``append``, ``extend``,
        ``insert``) on an attribute holding torch's own ModuleDict / ModuleList /
        Sequential (a subclass may define the method)."""
        func = node.func
        info = self.ctx.function_info
        if not (
            isinstance(func, cst.Attribute)
            and func.attr.value in CONTAINER_METHODS
            and info is not None
            and info.owner_class is not None
        ):
            return False
        attr = self_attribute(func.value)
        if attr is None:
            return False
        stored = [
            self.ctx.qualified_name(v.func) if isinstance(v, cst.Call) else None
            for method in class_methods(self.ctx, info.owner_class)
            for v in self_assignments(method, attr)
        ]
        held = stored[0] if stored and len(set(stored)) == 1 else None
        if held not in CONTAINER_CLASSES or held in PARAMETER_CONTAINERS:
            return False
        kind = held.rsplit(".", 1)[-1]
        method = func.attr.value
        said = (
            f"Module '{kind}' has no attribute 'get'"
            if method == "get"
            else "compiled from its Python source, it fails"
        )
        advice = (
            "loop over `.items()` and use the module whose name matches (`for name, m in "
            "self.heads.items(): if name == key: ...`), or index with a string literal"
            if method == "get"
            else "build the container in `__init__`; scripted code only reads it"
        )
        self.report(
            node,
            f"`nn.{kind}.{method}()` in scripted code: TorchScript's module containers have "
            "only literal indices, `len`, iteration and a ModuleDict's keys / items / values "
            f"(torch 2.13: {said}); {advice}",
        )
        return True

    def _parameter_dict_use(self, node: cst.Call) -> bool:
        """``self.scales.items()`` / ``.keys()`` / ``.values()`` / ``.get(...)`` of an
        ``nn.ParameterDict`` and ``len(...)`` of a ParameterList / ParameterDict."""
        func = node.func
        if self.ctx.qualified_name(func) == "builtins.len" and len(node.args) == 1:
            kind = self._parameter_kind(node.args[0].value)
            if kind is None:
                return False
            self.report(
                node,
                f"`len(...)` of an `nn.{kind}` in scripted code: TorchScript's {kind} has no "
                "`__len__` (torch 2.13: object has no attribute or method '__len__'); store "
                "the count as an int attribute in `__init__`",
            )
            return True
        if not isinstance(func, cst.Attribute):
            return False
        if self._parameter_kind(func.value) != "ParameterDict":
            return False
        method = func.attr.value
        said = {
            "items": "Unknown type constructor Iterable",
            "values": "Unknown type constructor Iterable",
            "keys": "Unknown type constructor container_abcs.KeysView",
            # compiled from its Python body, `self[key] if key in self else default`
            "get": "object has no attribute or method '__contains__'",
        }.get(method)
        if said is None:
            return False
        self.report(
            node,
            f"`nn.ParameterDict.{method}()` in scripted code: TorchScript compiles a "
            f"ParameterDict as a module whose only use is a string-literal index (torch 2.13: "
            f"{said}); keep the parameters in an `nn.ParameterList` with the keys in a list "
            "or tuple attribute, or index with literal keys",
        )
        return True

    def visit_Call(self, node: cst.Call) -> None:
        if in_script(self.ctx) and self._parameter_dict_use(node):
            return
        if in_script(self.ctx) and self._container_method(node):
            return
        if (
            in_script(self.ctx)
            and len(node.args) == 1
            and self.ctx.qualified_name(node.func) == "builtins.len"
            and self._plain_module_class(node.args[0].value) is not None
        ):
            self._plain_module_use(node, "given to `len`")
            return
        func = node.func
        if (
            in_script(self.ctx)
            and isinstance(func, cst.Subscript)
            and len(func.slice) == 1
            and isinstance(func.slice[0].slice, cst.Slice)
            and self.ctx.kind(func.value) is Kind.MODULES
            and all(
                self._constant_bound(b)
                for b in (
                    func.slice[0].slice.lower,
                    func.slice[0].slice.upper,
                    func.slice[0].slice.step,
                )
                if b is not None
            )
        ):
            self.report(
                node,
                "a slice of a module container is called: torch.jit.script makes the slice a "
                "tuple, which it cannot call (cannot call a value of type 'Tuple[...]'); call "
                "the modules in a loop",
            )
            return
        if not in_script(self.ctx) or self.ctx.qualified_name(node.func) != "builtins.zip":
            return
        # `zip(sizes, self.anchors)` of a project module class that is no container: TorchScript
        # iterates each sequence zip is given, and such a module is none.
        for arg in node.args:
            if arg.keyword is None and not arg.star:
                if self._plain_module_class(arg.value) is not None:
                    self._plain_module_use(arg.value, "iterated")
                    return
        # `strict=True` is no sequence; an `nn.ParameterList` / `ParameterDict` attribute and
        # a ModuleDict's `.items()` / `.values()` / `.keys()` are containers TorchScript
        # unrolls with the modules, and a tuple has a static length (torch 2.13 scripts all).
        kinds = [
            self._zipped_kind(arg.value)
            for arg in node.args
            if arg.keyword is None and not arg.star
        ]
        if Kind.MODULES in kinds and any(
            kind is not Kind.MODULES and kind is not None for kind in kinds
        ):
            self.report(
                node,
                "`zip` of a module container with a non-module sequence: torch.jit.script cannot "
                "unroll it; zip module containers only, or use `enumerate`",
            )

    def _slice(self, node: cst.Subscript, index: cst.Slice) -> None:
        """``self.layers[: self.depth]``: bounds TorchScript cannot fold fail; and a slice of
        constant bounds gives a tuple whose modules scripted code cannot call."""
        if self.ctx.kind(node.value) is not Kind.MODULES:
            return
        bounds = [b for b in (index.lower, index.upper, index.step) if b is not None]
        variable = [b for b in bounds if not self._constant_bound(b)]
        if variable:
            bound = cst.Module([]).code_for_node(variable[0])
            self.report(
                node,
                f"module container sliced with the bound `{bound}`, which is not an integer "
                "literal: torch.jit.script fails (tuple slice indices must be integer "
                "constants); slice with literals or a `Final` attribute, or loop over "
                "`enumerate(...)` and `break`",
            )
            return
        if self._called(node):
            self.report(
                node,
                "a module of a sliced module container is called: torch.jit.script makes the "
                "slice a tuple whose modules it cannot call (object has no attribute or method "
                "'__call__'); loop over the whole container with `enumerate(...)` and skip or "
                "`break` by index, or call `.forward(...)`",
            )
            return
        method = self._loop_body_method(node)
        if method is not None:
            self.report(
                node,
                f"a method other than `forward` (`.{method}(...)`) is called on a module of a "
                "sliced module container: torch.jit.script fails (object has no attribute or "
                f"method '{method}'), and where another use compiles the method it runs on the "
                "wrong modules (torch 2.13: each module of `self.layers[::-1]` ran the last "
                "one's); loop over the whole container, or keep a second `nn.ModuleList` in "
                "the order wanted",
            )

    # -- a list / tuple of submodules iterated and called
    def visit_For(self, node: cst.For) -> None:
        if not in_script(self.ctx):
            return
        self._jumps_in_unrolled_loop(node)
        self._tuple_zipped_with_list(node.iter)
        if self._parameter_kind(node.iter) == "ParameterDict":
            self.report(
                node.iter,
                "a loop over an `nn.ParameterDict` in scripted code: TorchScript cannot "
                "iterate one (torch 2.13 fails inside its frontend: INTERNAL ASSERT FAILED in "
                "python_sugared_value.cpp); keep the parameters in an `nn.ParameterList` and "
                "loop over that",
            )
        iterable = node.iter
        if (
            isinstance(iterable, cst.Call)
            and self.ctx.qualified_name(iterable.func) == "builtins.enumerate"
            and iterable.args
        ):
            iterable = iterable.args[0].value
        if self._plain_module_class(iterable) is not None:
            self._plain_module_use(iterable, "iterated")
            return
        found = self._module_loop(node)
        if found is None:
            return
        how, variable = found
        if _calls_name(node.body, variable):
            self.report(
                node.iter,
                f"a loop over {how} calls each module (`{variable}(...)`): TorchScript types the "
                "sequence by its elements' classes and cannot call one that way (torch 2.13: "
                "object has no attribute or method '__call__'); hold the modules in an "
                "`nn.ModuleList` (or call `.forward(...)`)",
            )
            return
        found_use = _container_use(node.body, variable)
        if found_use is None:
            return
        use, where = found_use
        said = (
            "is not iterable" if use == "iterates" else "has no attribute or method '__getitem__'"
        )
        self.report(
            where,
            f"a loop over {how} {use} each one (`{variable}`): TorchScript types the sequence "
            "by its elements' classes, and an element taken that way is no module container "
            f"to it (torch 2.13: '...ModuleList' object {said}); loop over each container "
            "by name, or hold the blocks in one `nn.ModuleList`",
        )

    def _module_comprehension(self, node: Union[cst.ListComp, cst.GeneratorExp]) -> None:
        """``[m(x) for m in (self.a, self.b)]`` (a generator too): the comprehension's loop
        over a list or tuple of submodules is no unrolled loop either, and calling its variable
        fails the same way (torch 2.13: object has no attribute or method '__call__')."""
        if not in_script(self.ctx) or node.for_in.inner_for_in is not None:
            return
        found = self._module_loop(node.for_in)
        if found is None:
            return
        how, variable = found
        if not _calls_name(node.elt, variable):
            return
        self.report(
            node.for_in.iter,
            f"a comprehension over {how} calls each module (`{variable}(...)`): TorchScript "
            "types the sequence by its elements' classes and cannot call one that way (torch "
            "2.13: object has no attribute or method '__call__'); hold the modules in an "
            "`nn.ModuleList` (or call `.forward(...)`)",
        )

    visit_ListComp = _module_comprehension
    visit_GeneratorExp = _module_comprehension

    def visit_CompFor(self, node: cst.CompFor) -> None:
        if in_script(self.ctx):
            self._tuple_zipped_with_list(node.iter)

    def _tuple_zipped_with_list(self, iterable: cst.BaseExpression) -> None:
        """``for p, w in zip(preds, self.weights)`` (a comprehension too) with ``self.weights``
        a tuple and ``preds`` a ``List[Tensor]``: TorchScript unrolls a loop over a tuple, and
        every other sequence zipped with it must have a length known when compiling (a tuple,
        a module container); a list, a tensor, a string, a ``range`` or a shape has none.
        Also inside ``enumerate(...)``."""
        if (
            type(iterable) is cst.Call
            and self.ctx.qualified_name(iterable.func) == "builtins.enumerate"
            and iterable.args
            and iterable.args[0].keyword is None
            and not iterable.args[0].star
        ):
            iterable = iterable.args[0].value
        if type(iterable) is not cst.Call or self.ctx.qualified_name(iterable.func) != (
            "builtins.zip"
        ):
            return
        if any(arg.star or arg.keyword is not None for arg in iterable.args):
            return
        values = [arg.value for arg in iterable.args]
        if any(self._zipped_kind(value) is Kind.MODULES for value in values):
            return  # a module container: the zip check of `visit_Call`
        static = next((v for v in values if self._static_tuple(v) is not None), None)
        dynamic = next((v for v in values if self._dynamic_length(v) is not None), None)
        if static is None or dynamic is None or dead_in_script(self.ctx):
            return
        how = self._static_tuple(static)
        what = self._dynamic_length(dynamic)
        code = self.ctx.module.code_for_node(dynamic)
        self.report(
            iterable,
            f"`zip` of a tuple ({how}) with `{code}`, {what}: TorchScript unrolls a loop over "
            "a tuple and needs every sequence zipped with it to have a length known when "
            "compiling (torch 2.13: Can not iterate over a module list or tuple with a value "
            "that does not have a statically determinable length); hold the tuple as a list "
            "(`list(...)` in `__init__`), or loop over the list and index the tuple",
        )

    def _static_tuple(self, node: cst.BaseExpression) -> Optional[str]:
        """How ``node`` is a tuple TorchScript types as one (a display without ``*``, a
        ``Tuple[...]`` parameter, a local or attribute bound only to tuples), else None."""
        if type(node) is cst.Tuple:
            if any(type(e) is cst.StarredElement for e in node.elements):
                return None
            return "a tuple display"
        return tuple_valued(self.ctx, node)

    def _dynamic_length(self, node: cst.BaseExpression) -> Optional[str]:
        """What ``node`` is when TorchScript gives it no static length: a list display or
        comprehension, a string literal, ``range(...)``, a tensor's ``.shape``, or a
        parameter never rebound that is annotated a list or a Tensor (or unannotated, without
        default: a Tensor there)."""
        if type(node) in (cst.List, cst.ListComp):
            return "a list"
        if type(node) in (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString):
            return "a string"
        if type(node) is cst.Call and self.ctx.qualified_name(node.func) == "builtins.range":
            return "a range"
        if (
            type(node) is cst.Attribute
            and node.attr.value == "shape"
            and self.ctx.kind(node.value) is Kind.TENSOR
        ):
            return "a shape (a List[int])"
        function = self.ctx.function
        if type(node) is not cst.Name or function is None or assignments(function, node.value):
            return None
        if inferred_tensor_parameter(self.ctx, node):
            return "a Tensor (an unannotated parameter)"
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == node.value), None
        )
        if param is None or param.annotation is None or param.star in ("*", "**"):
            return None
        annotation = param.annotation.annotation
        base = annotation.value if type(annotation) is cst.Subscript else annotation
        name = self.ctx.qualified_name(base)
        if name in ("typing.List", "builtins.list") and type(annotation) is cst.Subscript:
            return "a list"
        if name == "torch.Tensor":
            return "a Tensor"
        return None

    def _module_loop(self, node: Union[cst.For, cst.CompFor]) -> Optional[tuple[str, str]]:
        """(how the sequence is spelled, the loop variable that takes its modules) for
        ``for m in <submodules>``, ``for i, m in enumerate(<submodules>)`` and ``for m, s in
        zip(<submodules>, ...)``."""
        target, iterable = node.target, node.iter
        if isinstance(target, cst.Name):
            how = self._module_sequence(iterable)
            return (how, target.value) if how is not None else None
        if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(iterable, cst.Call)):
            return None
        called = self.ctx.qualified_name(iterable.func)
        elements = [e.value for e in target.elements]
        if called == "builtins.enumerate" and len(elements) == 2 and iterable.args:
            sources = [(1, iterable.args[0].value)]
        elif called == "builtins.zip" and len(elements) == len(iterable.args):
            sources = [(i, arg.value) for i, arg in enumerate(iterable.args)]
        else:
            return None
        for position, source in sources:
            element = elements[position]
            how = self._module_sequence(source)
            if how is not None and isinstance(element, cst.Name):
                return how, element.value
        return None

    def _jumps_in_unrolled_loop(self, node: cst.For) -> None:
        """``break`` / ``continue`` of a loop over a module container (``enumerate(...)`` of
        one too), which TorchScript unrolls."""
        iterable = node.iter
        if (
            isinstance(iterable, cst.Call)
            and self.ctx.qualified_name(iterable.func) == "builtins.enumerate"
            and iterable.args
        ):
            iterable = iterable.args[0].value
        if (
            isinstance(iterable, cst.Call)
            and not iterable.args
            and isinstance(iterable.func, cst.Attribute)
            and iterable.func.attr.value in ("items", "values", "keys")
        ):
            # A ModuleDict's items / values / keys: unrolled too (torch 2.13, each).
            iterable = iterable.func.value
        what = "a module container"
        walked = self._module_walk(iterable)
        if walked is not None:
            what = f"`self.{walked}()`"
        elif self.ctx.kind(iterable) is not Kind.MODULES:
            return
        jump = _loop_jump(node.body)
        if jump is not None:
            word = "break" if isinstance(jump, cst.Break) else "continue"
            self.report(
                jump,
                f"`{word}` in a loop over {what}: TorchScript unrolls the loop and "
                "supports no `break` or `continue` in it (torch 2.13: Because we emit iteration "
                "over modulelists or tuples as unrolled loops, we do not support break or "
                "continue inside the body of these loops); put the rest of the body under "
                "`if not ...:`",
            )

    def _module_walk(self, node: cst.BaseExpression) -> Optional[str]:
        """``self.children()`` / ``named_children()`` / ``modules()`` / ``named_modules()`` in a
        method of a module class: TorchScript unrolls a loop over each (torch 2.13). The method
        name; for the ``children`` pair only where the class's ``__init__`` builds a submodule
        (an empty loop is emitted without its body, and compiles)."""
        if not (
            isinstance(node, cst.Call)
            and not node.args
            and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == "self"
        ):
            return None
        method = node.func.attr.value
        if method not in ("children", "named_children", "modules", "named_modules"):
            return None
        info = self.ctx.function_info
        owner = info.owner_class if info is not None else None
        index = self.ctx.index
        if owner is None or not index.is_module_class(owner):
            return None
        if method in ("modules", "named_modules"):
            return method  # the module itself comes first
        init = next((m for m in class_methods(self.ctx, owner) if m.name.value == "__init__"), None)
        if init is None:
            return None
        built = False

        def enter(found: cst.CSTNode) -> Optional[bool]:
            nonlocal built
            if (
                type(found) is cst.Assign
                and any(self_attribute(t.target) is not None for t in found.targets)
                and type(found.value) is cst.Call
            ):
                name = self.ctx.qualified_name(found.value.func)
                if name is not None and (
                    is_torch_module_class(name) or index.is_module_class(name)
                ):
                    built = True
            return None

        walk(init, enter, lambda found: None)
        return method if built else None

    def _module_sequence(self, node: cst.BaseExpression) -> Optional[str]:
        """``[self.a, self.b]`` / ``(self.a, self.b)`` of submodules, or ``self.stages``
        where ``stages`` is a ``@property`` of the class returning one."""
        if self._submodule_literal(node):
            return "a list or tuple of submodules"
        function = self.ctx.function
        if isinstance(node, cst.Name) and function is not None:
            bound = assignments(function, node.value)
            if bound and all(size == 1 and self._submodule_literal(v) for v, _, size in bound):
                return f"`{node.value}`, a list or tuple of submodules"
            return None
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        for method in class_methods(self.ctx, info.owner_class):
            if method.name.value != attr or not any(
                self.ctx.qualified_name(d.decorator) == "builtins.property"
                for d in method.decorators
            ):
                continue
            returns = function_returns(method)
            if returns and all(self._submodule_literal(r) for r in returns):
                return f"the property `self.{attr}`, a list or tuple of submodules"
        return None

    def _submodule_literal(self, node: Optional[cst.BaseExpression]) -> bool:
        if not isinstance(node, (cst.List, cst.Tuple)) or not node.elements:
            return False
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return False
        index = self.ctx.index
        for element in node.elements:
            attr = self_attribute(element.value)
            if attr is None or isinstance(element, cst.StarredElement):
                return False
            cls = index.attribute_class(info.owner_class, attr)
            if cls is None:
                # A container (`nn.Sequential`, `nn.ModuleList`): a module too (torch 2.13:
                # 'Sequential' object has no attribute or method '__call__' in the loop).
                if index.attribute_marker(
                    info.owner_class, attr
                ) != "<modules>" and not self._method_built_module(info.owner_class, attr):
                    return False
            elif not (is_torch_module_class(cls) or index.is_module_class(cls)):
                return False
        return True

    def _method_built_module(self, owner: str, attr: str) -> bool:
        """Whether every binding of ``self.<attr>`` in the class is ``self.<method>(...)`` of a
        method of the class (this file) every ``return`` of which builds a module
        (``return nn.ModuleList(blocks)`` of a ``_make_stage``)."""
        methods = {m.name.value: m for m in class_methods(self.ctx, owner)}
        bound = [v for m in methods.values() for v in self_assignments(m, attr)]
        if not bound:
            return False
        for value in bound:
            if not (isinstance(value, cst.Call) and self_attribute(value.func) in methods):
                return False
            method = methods[self_attribute(value.func)]  # type: ignore[index]
            returns = function_returns(method)
            if not returns:
                return False
            for returned in returns:
                if not isinstance(returned, cst.Call):
                    return False
                name = self.ctx.qualified_name(returned.func)
                if name is None or not (
                    is_torch_module_class(name) or self.ctx.index.is_module_class(name)
                ):
                    return False
        return True

    def _plain_module_class(self, node: cst.BaseExpression) -> Optional[str]:
        """The short name of the project module class of ``self.X`` when it is no module
        container (no ModuleList / Sequential / ModuleDict / ParameterList / ParameterDict
        among its bases, every base known)."""
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        index = self.ctx.index
        cls = index.attribute_class(info.owner_class, attr)
        if cls is None or not index.is_module_class(cls):
            return None
        chain = index.mro(cls)
        if not chain:
            return None
        for _, _, summary in chain:
            for base in summary.bases:
                if base in CONTAINER_CLASSES:
                    return None
                if base not in MODULE_BASES and index.class_info(base) is None:
                    return None
        return cls.rsplit(".", 1)[-1]

    def _plain_module_use(self, node: cst.CSTNode, how: str) -> None:
        if isinstance(node, cst.Subscript):
            target = node.value
        elif isinstance(node, cst.Call):
            target = node.args[0].value
        else:
            target = node  # a loop's iterable
        cls = self._plain_module_class(target)  # type: ignore[arg-type]
        said = {
            "indexed": "Only ModuleList, Sequential, ModuleDict, ParameterList, and "
            "ParameterDict modules are subscriptable",
            "iterated": "Only constant Sequential, ModuleList, ModuleDict, or ParameterList "
            "can be used as an iterable",
            "tested with `in`": "object has no attribute or method '__contains__'",
        }.get(how, "object has no attribute or method '__len__'")
        advice = (
            "call a method of it that answers the test (`self.bank.has(name)`)"
            if how == "tested with `in`"
            else "hold the stages in an `nn.ModuleList` (or derive the class from one), or "
            "read the submodule by its attribute name"
        )
        self.report(
            node,
            f"`{self.ctx.module.code_for_node(target)}` is a `{cls}`, a module class of the "
            f"project that is no module container, {how} in scripted code: TorchScript "
            f"compiles a submodule as a module and does not call its `__getitem__` / "
            f"`__len__` / `__iter__` / `__contains__` (torch 2.13: {said}); {advice}",
        )

    def _zipped_kind(self, node: cst.BaseExpression) -> Optional[Kind]:
        """The kind of a ``zip`` argument: MODULES for a container TorchScript unrolls (a
        module container, a ModuleDict's ``.items()`` / ``.values()`` / ``.keys()``, a
        ParameterList / ParameterDict attribute), None for a tuple (a static length)."""
        if self._parameter_container(node):
            return Kind.MODULES
        if (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute
            and node.func.attr.value in ("items", "values", "keys")
            and not node.args
            and self.ctx.kind(node.func.value) is Kind.MODULES
        ):
            return Kind.MODULES
        if type(node) is cst.Tuple or tuple_valued(self.ctx, node) is not None:
            return None
        kind = self.ctx.kind(node)
        if kind is Kind.MODULE and self._container_subclass(node):
            return Kind.MODULES  # `class Stack(nn.ModuleList)`: unrolled like its base
        return kind

    def _container_subclass(self, node: cst.BaseExpression) -> bool:
        """``self.X`` holding a module class of the project that derives from a module
        container (``class Stack(nn.ModuleList)``)."""
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        index = self.ctx.index
        cls = index.attribute_class(info.owner_class, attr)
        if cls is None or not index.is_module_class(cls):
            return False
        return any(
            base in CONTAINER_CLASSES for _, _, summary in index.mro(cls) for base in summary.bases
        )

    def _parameter_container(self, node: cst.BaseExpression) -> bool:
        """``self.X`` that some method of the class, or a project base class's ``__init__``,
        sets to an ``nn.ParameterList`` / ``nn.ParameterDict``."""
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        if self.ctx.index.attribute_marker(info.owner_class, attr) == "<params>":
            return True  # also set in a base class's __init__
        return any(
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) in PARAMETER_CONTAINERS
            for method in class_methods(self.ctx, info.owner_class)
            for value in self_assignments(method, attr)
        )

    def _parameter_kind(self, node: cst.BaseExpression) -> Optional[str]:
        """ "ParameterDict" / "ParameterList" when every binding of ``self.X`` in the class's
        methods is an ``nn.ParameterDict(...)`` / ``nn.ParameterList(...)``, else None."""
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        names = {
            self.ctx.qualified_name(value.func) if isinstance(value, cst.Call) else None
            for method in class_methods(self.ctx, info.owner_class)
            for value in self_assignments(method, attr)
        }
        if len(names) != 1 or not names <= PARAMETER_CONTAINERS:
            return None
        return next(iter(names)).rsplit(".", 1)[-1]  # type: ignore[union-attr]

    def _constant_index(self, index: cst.BaseExpression) -> bool:
        """``self.exit_at`` for an attribute the class declares a constant (``Final[int]`` /
        ``__constants__``): TorchScript folds it to the module's value, a literal index."""
        attr = self_attribute(index)
        info = self.ctx.function_info
        return (
            attr is not None
            and info is not None
            and info.owner_class is not None
            and attr in constant_attributes(self.ctx, info.owner_class)
        )

    def _constant_bound(self, bound: cst.BaseExpression) -> bool:
        if _literal_index(bound) and not isinstance(bound, cst.SimpleString):
            return True
        if isinstance(bound, cst.Name) and bound.value == "None":
            return True
        info = self.ctx.function_info
        if self_attribute(bound) is not None and info is not None and info.owner_class:
            # `Final` / `__constants__` attributes are constants TorchScript folds.
            return has_constants(self.ctx, info.owner_class)
        return False

    def _slice_loop(self, node: cst.Subscript) -> Optional[tuple[cst.For, Optional[str]]]:
        """The ``for`` whose iterable is the slice (``enumerate(...)`` of it too) and the name
        its modules are bound to (None when the target is no plain name); None when the slice
        is no loop's iterable."""
        for statement in reversed(self.ctx.statements):
            if not isinstance(statement, cst.For):
                continue
            target, iterable = statement.target, statement.iter
            if (
                isinstance(iterable, cst.Call)
                and self.ctx.qualified_name(iterable.func) == "builtins.enumerate"
                and iterable.args
                and iterable.args[0].value is node
                and isinstance(target, cst.Tuple)
                and len(target.elements) == 2
            ):
                iterable, target = node, target.elements[1].value
            if iterable is node:
                return statement, target.value if isinstance(target, cst.Name) else None
        return None

    def _loop_body_method(self, node: cst.Subscript) -> Optional[str]:
        """The method other than ``forward`` the loop over the slice calls on its modules
        (``for stage in self.stages[::-1]: x = stage.decode(x)``); None otherwise."""
        loop = self._slice_loop(node)
        if loop is None or loop[1] is None:
            return None
        return _called_method(loop[0].body, loop[1])

    def _called(self, node: cst.Subscript) -> bool:
        """Whether the slice is the iterable of a ``for`` (``enumerate(...)`` too) whose body
        calls the loop variable (``for layer in self.layers[:2]: x = layer(x)``)."""
        loop = self._slice_loop(node)
        return loop is not None and loop[1] is not None and _calls_name(loop[0].body, loop[1])


INTERFACE_DECORATORS = frozenset({"torch.jit.interface", "torch.jit._script.interface"})


def _module_class(module: cst.Module, name: str) -> Optional[cst.ClassDef]:
    """The class ``name`` defined at the top of ``module``."""
    found = None
    for stmt in module.body:
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == name:
            found = stmt
    return found


def _interface_class(module: cst.Module, annotation: cst.BaseExpression) -> Optional[cst.ClassDef]:
    """The class of this file ``annotation`` names when it is decorated
    ``@torch.jit.interface`` (``@interface`` imported from torch.jit)."""
    if isinstance(annotation, cst.SimpleString):
        text = annotation.evaluated_value
        name = text if isinstance(text, str) else None
    else:
        name = annotation.value if isinstance(annotation, cst.Name) else None
    cls = _module_class(module, name) if name else None
    if cls is None:
        return None
    for decorator in cls.decorators:
        text = module.code_for_node(decorator.decorator).replace(" ", "")
        if text in ("torch.jit.interface", "jit.interface", "interface"):
            return cls
    return None


def _built_classes(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The classes called for the modules of ``nn.ModuleList([A(), B()])`` /
    ``nn.ModuleList([A(d) for _ in range(n)])`` / ``nn.ModuleDict({"a": A()})``."""
    if not isinstance(value, cst.Call) or len(value.args) != 1:
        return []
    inner = value.args[0].value
    if isinstance(inner, (cst.List, cst.Tuple)):
        items = [e.value for e in inner.elements]
    elif isinstance(inner, (cst.ListComp, cst.GeneratorExp)):
        items = [inner.elt]
    elif isinstance(inner, cst.Dict):
        items = [e.value for e in inner.elements if isinstance(e, cst.DictElement)]
    elif isinstance(inner, cst.DictComp):
        items = [inner.value]
    else:
        return []
    return [item.func for item in items if isinstance(item, cst.Call)]


def _direct_calls(body: cst.CSTNode, name: str) -> list[cst.Call]:
    """Calls ``name(...)`` in ``body``."""
    found: list[cst.Call] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, cst.Call) and isinstance(child.func, cst.Name):
            if child.func.value == name:
                found.append(child)
        return None

    walk(body, enter, lambda node: None)
    return found


def _calls_name(body: cst.CSTNode, name: str) -> bool:
    """Whether ``body`` calls the bare name ``name``."""
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(child, cst.Call) and isinstance(child.func, cst.Name):
            found = found or child.func.value == name
        return None

    walk(body, enter, lambda child: None)
    return found


def _called_method(body: cst.CSTNode, name: str) -> Optional[str]:
    """The first method other than ``forward`` that ``body`` calls on the bare name
    ``name`` (``name.decode(...)``)."""
    found: list[str] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if (
            isinstance(child, cst.Call)
            and isinstance(child.func, cst.Attribute)
            and isinstance(child.func.value, cst.Name)
            and child.func.value.value == name
            and child.func.attr.value != "forward"
        ):
            found.append(child.func.attr.value)
        return None

    walk(body, enter, lambda child: None)
    return found[0] if found else None


def _container_use(body: cst.CSTNode, name: str) -> Optional[tuple[str, cst.CSTNode]]:
    """How ``body`` first uses the bare name ``name`` as a module container, and where:
    ``"iterates"`` (``for b in name``, ``enumerate(name)``), ``"indexes"`` (``name[0]``), or
    None."""
    found: list[tuple[str, cst.CSTNode]] = []

    def named(node: cst.BaseExpression) -> bool:
        return isinstance(node, cst.Name) and node.value == name

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if found or isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(child, (cst.For, cst.CompFor)):
            iterable = child.iter
            if isinstance(iterable, cst.Call) and iterable.args and not iterable.args[0].star:
                if isinstance(iterable.func, cst.Name) and iterable.func.value == "enumerate":
                    iterable = iterable.args[0].value
            if named(iterable):
                found.append(("iterates", iterable))
        elif isinstance(child, cst.Subscript) and named(child.value):
            found.append(("indexes", child))
        return None

    walk(body, enter, lambda child: None)
    return found[0] if found else None


def _loop_jump(body: cst.CSTNode) -> Optional[cst.CSTNode]:
    """The first ``break`` / ``continue`` of a loop body (not of a nested loop or function)."""
    found: list[cst.CSTNode] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if found or isinstance(
            child, (cst.For, cst.While, cst.FunctionDef, cst.Lambda, cst.ClassDef)
        ):
            return False
        if isinstance(child, (cst.Break, cst.Continue)):
            found.append(child)
        return None

    walk(body, enter, lambda child: None)
    return found[0] if found else None
