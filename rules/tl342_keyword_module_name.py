"""TL342: a submodule, parameter or buffer registered under a name that is a Python keyword."""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterator
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.summary import FileSummary

# Containers whose keys become attribute names of the module tree.
NAMED_CONTAINERS = frozenset(
    {"torch.nn.ModuleDict", "torch.nn.ParameterDict", "torch.nn.Sequential"}
)
# A mapping given to one of them.
MAPPINGS = frozenset({"collections.OrderedDict", "builtins.dict"})
# Methods that register an attribute of a module under a string name (the first argument).
REGISTERING = frozenset({"add_module", "register_module", "register_parameter", "register_buffer"})
# Hard keywords only: `str.isidentifier()` holds for them, so torch.fx writes them as
# attributes; soft keywords (`match`, `case`, `type`, `_`) are valid attribute names.
_QUOTED_KEYWORD = re.compile("[\"'](?:" + "|".join(keyword.kwlist) + ")[\"']")


def keyword_name(node: cst.CSTNode) -> Optional[str]:
    """The keyword a plain string literal spells, else None."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        if isinstance(value, str) and keyword.iskeyword(value):
            return value
    return None


class KeywordModuleName(Rule):
    """Flags a submodule, parameter or buffer registered under a Python keyword (`"in"`).

    ## What it does
    Finds the string literals that name an attribute of the module tree and are Python
    keywords (`in`, `if`, `for`, `class`, `None`, `True`, `lambda`, ...): the keys of an
    `nn.ModuleDict` / `nn.ParameterDict` (a dict literal, a list of pairs, an `OrderedDict`,
    also the keys of a dict or the items of a list the dict comprehension building it runs
    over), the names of an `nn.Sequential(OrderedDict(...))`, the name given to
    `add_module` / `register_module` / `register_parameter` / `register_buffer`, to
    `setattr(self, name, module)`, and a key stored into a module container
    (`self.blocks["in"] = ...`). Soft keywords (`match`, `case`, `type`) and names that are
    not identifiers (`"a-b"`, `"1x"`) are not flagged: torch 2.13 writes those through
    `getattr`.

    ## Why is this bad?
    Checked with torch 2.13: `torch.export.export` converts the model, but `ep.module()`
    raises `SyntaxError: invalid syntax (<eval_with_key>...)`: torch.fx's generated code reads
    each parameter and buffer by its path as attributes (`self.blocks.in.weight`), which
    Python cannot parse. With the default non-strict export this happens whether or not
    `forward` uses the keyword-named module. `torch.compile`, `torch.jit.trace` and
    `torch.jit.script` accept the model.

    ## Example
    ```python
    self.blocks = nn.ModuleDict({"in": Update(outgoing=False), "out": Update(outgoing=True)})
    ...
    z = z + self.blocks["in"](z)
    ```
    Use instead: a name that is not a keyword (`"incoming"`, `"in_"`), changed at every place
    that reads the key (and in saved checkpoints' state-dict keys).

    ## Fix safety
    No automatic fix: the name is also a state-dict key, read by checkpoints and by code that
    may live in other files.
    """

    code = "TL342"
    name = "keyword-module-name"
    subject = "a submodule / parameter / buffer named by a Python keyword"
    clauses = {
        "export": (
            "torch.export converts, but `ep.module()` raises SyntaxError: torch.fx's generated "
            "code reads the name as an attribute (`self.blocks.in.weight`)"
        ),
    }
    advice = "rename it (`in_`, `incoming`) wherever the key is read"
    targets = ("export",)
    graph_only = False

    VALID = [
        # A soft keyword is a valid attribute name.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleDict({"match": nn.Linear(4, 4), "out": nn.Linear(4, 4)})

                def forward(self, x):
                    return self.blocks["match"](x) + self.blocks["out"](x)

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
                    self.blocks = nn.ModuleDict({"in": nn.Linear(4, 4), "out": nn.Linear(4, 4)})

                def forward(self, x):
                    return self.blocks["out"](self.blocks["in"](x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        # Keys of the dict the comprehension runs over; the module is not even called.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    sizes = {"if": 4, "else": 4}
                    self.heads = nn.ModuleDict({k: nn.Linear(4, n) for k, n in sizes.items()})

                def forward(self, x):
                    return self.heads["else"](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("lambda", torch.ones(4))
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    return self.proj(x) * getattr(self, "lambda")

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        # Not graph-only: without this, every file would be parsed for it.
        return _QUOTED_KEYWORD.search(text) is not None

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._reported: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.qualified_name(node.func)
        if name in NAMED_CONTAINERS:
            if node.args and node.args[0].keyword is None and not node.args[0].star:
                for literal in self._keys(node.args[0].value, name != "torch.nn.Sequential"):
                    self._flag(literal)
            return
        if not node.args or node.args[0].keyword is not None:
            return
        first = node.args[0].value
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in REGISTERING:
            if self._in_module_class():
                self._flag(first)
        elif name == "builtins.setattr" and len(node.args) == 3 and self._in_module_class():
            target, value = first, node.args[2].value
            if isinstance(target, cst.Name) and target.value == "self" and self._module(value):
                self._flag(node.args[1].value)

    def visit_Assign(self, node: cst.Assign) -> None:
        # self.blocks["in"] = module, where self.blocks is a module container.
        info = self.ctx.function_info
        if info is None or not info.owner_class:
            return
        for target in node.targets:
            sub = target.target
            if not isinstance(sub, cst.Subscript) or len(sub.slice) != 1:
                continue
            attr = self_attribute(sub.value)
            index = sub.slice[0].slice
            if attr is None or not isinstance(index, cst.Index):
                continue
            if self.ctx.index.attribute_marker(info.owner_class, attr) == "<modules>":
                self._flag(index.value)

    # -- helpers -----------------------------------------------------------------------------
    def _flag(self, literal: cst.CSTNode) -> None:
        spelled = keyword_name(literal)
        if spelled is None or id(literal) in self._reported:
            return
        self._reported.add(id(literal))
        self.report(
            literal,
            Message(
                f"`{spelled}` is a Python keyword, used as the name of a submodule / parameter "
                "/ buffer",
                tuple(self.clauses.items()),
                self.advice,
            ),
        )

    def _in_module_class(self) -> bool:
        info = self.ctx.function_info
        if info is None or not info.owner_class:
            return False
        return self.ctx.index.derives_from(info.owner_class, ("torch.nn.Module",))

    def _module(self, value: cst.BaseExpression) -> bool:
        """Whether ``value`` surely makes a module or parameter: a call of a `torch.nn` class
        or of a project class derived from `nn.Module`."""
        if not isinstance(value, cst.Call):
            return False
        name = self.ctx.qualified_name(value.func) or ""
        if name.startswith("torch.nn.") and name.rsplit(".", 1)[-1][:1].isupper():
            return True
        return bool(name) and self.ctx.index.derives_from(name, ("torch.nn.Module",))

    def _keys(self, expr: cst.BaseExpression, mapping: bool) -> Iterator[cst.CSTNode]:
        """The string literals that become names, for the first argument of a container
        (``mapping``: a dict or pairs; else only an ``OrderedDict`` / ``dict`` call)."""
        if isinstance(expr, cst.Call):
            if self.ctx.qualified_name(expr.func) in MAPPINGS and expr.args:
                if expr.args[0].keyword is None and not expr.args[0].star:
                    yield from self._keys(expr.args[0].value, True)
            return
        if not mapping:
            return
        if isinstance(expr, cst.Name):
            bound = self._bound(expr)
            if bound is not None and not isinstance(bound, cst.Name):
                yield from self._keys(bound, True)
        elif isinstance(expr, cst.Dict):
            for element in expr.elements:
                if isinstance(element, cst.DictElement):
                    yield element.key
        elif isinstance(expr, (cst.List, cst.Tuple)):
            for element in expr.elements:
                pair = element.value
                if isinstance(pair, (cst.Tuple, cst.List)) and pair.elements:
                    yield pair.elements[0].value
        elif isinstance(expr, cst.DictComp):
            yield from self._comprehension_keys(expr)

    def _comprehension_keys(self, comp: cst.DictComp) -> Iterator[cst.CSTNode]:
        """``{k: ... for k in NAMES}`` / ``for k, v in D.items()`` / ``for k in D`` /
        ``for k, v in zip(NAMES, ...)``: the literals ``k`` runs over."""
        key = comp.key
        loop = comp.for_in
        if not isinstance(key, cst.Name) or loop.inner_for_in is not None:
            return
        target, source = loop.target, loop.iter
        position: Optional[int] = 0 if isinstance(target, cst.Name) else None
        if isinstance(target, cst.Name) and target.value != key.value:
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            names = [e.value for e in target.elements]
            if names and isinstance(names[0], cst.Name) and names[0].value == key.value:
                position = 0
        if position is None:
            return
        keys_of_dict = False
        if isinstance(source, cst.Call) and isinstance(source.func, cst.Attribute):
            if source.func.attr.value in ("items", "keys") and not source.args:
                source, keys_of_dict = source.func.value, True
        elif isinstance(source, cst.Call) and self.ctx.qualified_name(source.func) == (
            "builtins.zip"
        ):
            if not source.args or isinstance(target, cst.Name):
                return
            source = source.args[0].value
        elif isinstance(target, (cst.Tuple, cst.List)):
            return
        if isinstance(source, cst.Name):
            bound = self._bound(source)
            if bound is None:
                return
            source = bound
        if isinstance(source, cst.Dict):
            for element in source.elements:
                if isinstance(element, cst.DictElement):
                    yield element.key
        elif not keys_of_dict and isinstance(source, (cst.List, cst.Tuple, cst.Set)):
            for element in source.elements:
                yield element.value

    def _bound(self, name: cst.Name) -> Optional[cst.BaseExpression]:
        """The one value ``name`` is bound to in the enclosing function."""
        bound = assignments(self.ctx.function, name.value)
        if len(bound) != 1 or bound[0][1:] != (0, 1):
            return None
        return bound[0][0]
