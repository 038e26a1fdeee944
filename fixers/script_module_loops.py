"""TL208: loops that index a module container -> loops over the container (unsafe).

``for i in range(len(self.layers)): x = self.layers[i](x)`` -> ``for layer in self.layers:
x = layer(x)`` (``for i, layer in enumerate(self.layers)`` where ``i`` is used for more than the
lookup). ``for block, gain in zip(self.blocks, self.gains)`` (a module list zipped with a plain
list) -> ``for i, block in enumerate(self.blocks):`` with ``gain = self.gains[i]`` first in the
body. TorchScript unrolls a loop over a ``ModuleList`` / ``Sequential`` but cannot index one
with a variable, nor zip one with a list.

``for i, layer in enumerate(self.layers): x = x + self.gains[i] * layer(x)``, a second list
container (``nn.ParameterList``, ``nn.ModuleList``, ``nn.Sequential`` of the class) indexed with
the loop's index -> ``for layer, gain in zip(self.layers, self.gains): x = x + gain *
layer(x)`` (``for i, (layer, gain) in enumerate(zip(...))`` where ``i`` is used for more):
TorchScript unrolls ``zip`` of two such containers (checked on torch 2.13: ModuleList with
ParameterList either way round, Sequential with ParameterList, ModuleList with Sequential
script, equal eager), but takes no variable index into either.

Left alone: a zip with anything not known to be a list or tuple (a dict zips its keys, which
``[i]`` does not read), a loop indexing two module containers with the same variable, an index variable or
container rebound in the loop, ``range`` over anything but ``len`` of the indexed container, a
one-line loop body.

Unsafe: the loop is the same when the lengths agree; ``zip`` (the enumerate form: a second
container shorter than the first raised ``IndexError``, and now stops the loop) stopped at the shorter sequence
where the rewrite raises ``IndexError`` (a plain list shorter than the modules).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import assigned_values, names_in, self_attribute_of_class, variable_uses

# Containers TorchScript zips and iterates in order (a dict one yields keys in eager's zip).
_LIST_CONTAINERS = frozenset(
    f"torch.nn.{prefix}{name}"
    for prefix in ("", "modules.container.")
    for name in ("ModuleList", "Sequential", "ParameterList")
)


def _element_name(container: cst.BaseExpression, taken: set[str]) -> str:
    """``self.layers`` -> ``layer``, ``self.blocks`` -> ``block``, ``self.mlp`` -> ``mlp_module``;
    a suffix where the name is taken."""
    base = container.attr.value if isinstance(container, cst.Attribute) else "module"
    base = base.lstrip("_") or "module"
    name = base[:-1] if base.endswith("s") and len(base) > 1 else f"{base}_module"
    candidate, number = name, 2
    while candidate in taken:
        candidate, number = f"{name}_{number}", number + 1
    return candidate


def _list_or_tuple(value: Optional[cst.BaseExpression]) -> bool:
    """A list or tuple display or comprehension, or a ``list(...)`` / ``tuple(...)`` call."""
    if isinstance(value, (cst.List, cst.Tuple, cst.ListComp)):
        return True
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value in ("list", "tuple")
    )


def _same(fixer: Fixer, a: cst.CSTNode, b: cst.CSTNode) -> bool:
    return fixer.code(a).strip() == fixer.code(b).strip()


class _IndexReplacer(cst.CSTTransformer):
    """``container[index]`` -> ``element`` everywhere in the loop body."""

    def __init__(self, fixer: Fixer, container: cst.BaseExpression, index: str, element: str):
        self.fixer, self.container, self.index, self.element = fixer, container, index, element

    def leave_Subscript(
        self, original: cst.Subscript, updated: cst.Subscript
    ) -> cst.BaseExpression:
        index = _index_name(original)
        if index == self.index and _same(self.fixer, original.value, self.container):
            return cst.Name(self.element, lpar=original.lpar, rpar=original.rpar)
        return updated


def _names_only(target: cst.BaseExpression) -> bool:
    """A name, or a parenthesised tuple of names (``(name, head)`` of a ModuleDict's
    ``.items()``)."""
    if isinstance(target, cst.Name):
        return True
    return (
        isinstance(target, cst.Tuple)
        and bool(target.lpar)
        and all(isinstance(e.value, cst.Name) for e in target.elements)
    )


def _index_name(subscript: cst.Subscript) -> Optional[str]:
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
        return None
    value = subscript.slice[0].slice.value
    return value.value if isinstance(value, cst.Name) else None


class ModuleLoopOverContainer(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "loop over the module container instead of indexing it"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.Subscript):
            return self._indexed(node)
        if isinstance(node, cst.Call):
            return self._zipped(node)
        return None

    def _taken(self, loop: cst.For) -> set[str]:
        function = self.enclosing_function(loop)
        return {n.value for n in names_in(function if function is not None else loop)}

    def _indexed(self, subscript: cst.Subscript) -> Optional[list[Replacement]]:
        index = _index_name(subscript)
        loop = self._loop_binding(subscript, index) if index is not None else None
        if loop is None:
            enumerated = self._enumerate_binding(subscript, index) if index is not None else None
            return self._enumerated(enumerated, subscript) if enumerated is not None else None
        if not isinstance(loop.body, cst.IndentedBlock) or loop.orelse:
            return None
        container = subscript.value
        call = loop.iter
        # range(len(<the container>)) only: another bound could run past its end.
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "builtins.range"
            and len(call.args) == 1
            and isinstance(call.args[0].value, cst.Call)
            and self.ctx.qualified_name(call.args[0].value.func) == "builtins.len"
            and len(call.args[0].value.args) == 1
            and _same(self, call.args[0].value.args[0].value, container)
        ):
            return None
        lookups, other_uses = 0, 0
        for use in variable_uses(self, loop.body, index):
            holder = self.parent(
                self.parent(self.parent(use))
            )  # Index -> SubscriptElement -> Subscript
            if isinstance(holder, cst.Subscript) and self.kind(holder.value) is Kind.MODULES:
                if not _same(self, holder.value, container):
                    return None  # a second container: no single loop variable
                if not isinstance(self.parent(use), cst.Index):
                    return None
                lookups += 1
            else:
                other_uses += 1
        if self._rebinds(loop.body, index) or self._rebinds(loop.body, self.code(container)):
            return None
        element = _element_name(container, self._taken(loop))
        body = loop.body.visit(_IndexReplacer(self, container, index, element))
        container_text = self.code(container).strip()
        if other_uses:
            header = f"for {index}, {element} in enumerate({container_text}): pass"
        else:
            header = f"for {element} in {container_text}: pass"
        template = cst.parse_statement(header)
        assert isinstance(template, cst.For)
        return [(loop, loop.with_changes(target=template.target, iter=template.iter, body=body))]

    def _enumerate_binding(self, node: cst.CSTNode, index: str) -> Optional[cst.For]:
        """The ``for index, element in enumerate(<container>)`` loop (same function) around
        ``node``."""
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return None
            if not isinstance(ancestor, cst.For):
                continue
            target, call = ancestor.target, ancestor.iter
            if (
                isinstance(target, cst.Tuple)
                and len(target.elements) == 2
                and all(isinstance(e.value, cst.Name) for e in target.elements)
                and target.elements[0].value.value == index  # type: ignore[attr-defined]
                and isinstance(call, cst.Call)
                and self.ctx.qualified_name(call.func) == "builtins.enumerate"
                and len(call.args) == 1
                and call.args[0].keyword is None
                and not call.args[0].star
            ):
                return ancestor
        return None

    def _list_container(self, node: cst.BaseExpression) -> bool:
        """``self.<attr>`` every binding of which in its class is an ``nn.ModuleList`` /
        ``nn.Sequential`` / ``nn.ParameterList``."""
        found = self_attribute_of_class(self, node)
        if found is None:
            return False
        attr, cls = found
        held: set[Optional[str]] = set()

        def enter(n: cst.CSTNode) -> None:
            if isinstance(n, cst.Assign):
                for t in n.targets:
                    if self.code(t.target).strip() == f"self.{attr}":
                        value = n.value
                        held.add(
                            self.ctx.qualified_name(value.func)
                            if isinstance(value, cst.Call)
                            else None
                        )
            elif isinstance(n, (cst.AnnAssign, cst.AugAssign)):
                if self.code(n.target).strip() == f"self.{attr}":
                    held.add(None)

        walk(cls, enter, lambda n: None)
        return bool(held) and held <= _LIST_CONTAINERS

    def _enumerated(self, loop: cst.For, subscript: cst.Subscript) -> Optional[list[Replacement]]:
        """``for i, a in enumerate(A): ... B[i] ...`` -> ``for a, b in zip(A, B): ... b ...``."""
        assert isinstance(loop.target, cst.Tuple) and isinstance(loop.iter, cst.Call)
        index = loop.target.elements[0].value.value  # type: ignore[attr-defined]
        element = loop.target.elements[1].value.value  # type: ignore[attr-defined]
        first, second = loop.iter.args[0].value, subscript.value
        if (
            not isinstance(loop.body, cst.IndentedBlock)
            or loop.orelse
            or _same(self, first, second)
            or not self._list_container(first)
            or not self._list_container(second)
        ):
            return None
        lookups, other_uses = 0, 0
        for use in variable_uses(self, loop.body, index):
            holder = self.parent(self.parent(self.parent(use)))
            if isinstance(holder, cst.Subscript) and isinstance(self.parent(use), cst.Index):
                if _same(self, holder.value, second):
                    lookups += 1
                    continue
                if self._list_container(holder.value) or self.kind(holder.value) is Kind.MODULES:
                    return None  # a third container: one zip at a time
            other_uses += 1
        if any(
            self._rebinds(loop.body, text)
            for text in (index, element, self.code(first).strip(), self.code(second).strip())
        ):
            return None
        name = _element_name(second, self._taken(loop))
        body = loop.body.visit(_IndexReplacer(self, second, index, name))
        zipped = f"zip({self.code(first).strip()}, {self.code(second).strip()})"
        if other_uses:
            header = f"for {index}, ({element}, {name}) in enumerate({zipped}): pass"
        else:
            header = f"for {element}, {name} in {zipped}: pass"
        template = cst.parse_statement(header)
        assert isinstance(template, cst.For)
        return [(loop, loop.with_changes(target=template.target, iter=template.iter, body=body))]

    def _loop_binding(self, node: cst.CSTNode, index: str) -> Optional[cst.For]:
        """The ``for`` loop (in the same function) whose target is ``index``."""
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return None
            if isinstance(ancestor, cst.For):
                target = ancestor.target
                if isinstance(target, cst.Name) and target.value == index:
                    return ancestor
        return None

    def _rebinds(self, body: cst.CSTNode, text: str) -> bool:
        """Whether an assignment or loop in ``body`` binds the name or attribute ``text``."""
        found = False

        def enter(node: cst.CSTNode) -> None:
            nonlocal found
            targets: list[cst.CSTNode] = []
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
                targets = [node.target]
            elif isinstance(node, (cst.For, cst.CompFor)):
                targets = [node.target]
            for target in targets:
                parts = [target]
                if isinstance(target, (cst.Tuple, cst.List)):
                    parts = [e.value for e in target.elements]
                if any(self.code(p).strip() == text for p in parts):
                    found = True

        walk(body, enter, lambda node: None)
        return found

    def _kind(self, node: cst.BaseExpression) -> Kind:
        """MODULES for a module container and a ModuleDict's ``.items()`` / ``.values()`` /
        ``.keys()`` (TorchScript unrolls both); the model's kind otherwise."""
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in ("items", "values", "keys")
            and not node.args
            and self.kind(node.func.value) is Kind.MODULES
        ):
            return Kind.MODULES
        return self.kind(node)

    def _positional(self, sequence: cst.BaseExpression, loop: cst.For) -> bool:
        """Whether ``sequence`` is indexed by position as ``zip`` walks it: a ``self.<attr>``
        every assignment in the class binds to a list or tuple, or a name the function binds
        only to those or takes as a parameter annotated a list, tuple or ``Sequence`` (a
        dict zips its keys, which ``[i]`` does not read)."""
        attribute = self_attribute_of_class(self, sequence)
        if attribute is not None:
            values = assigned_values(self, attribute[1], f"self.{attribute[0]}")
            return bool(values) and all(_list_or_tuple(v) for v in values)
        function = next((a for a in self.ancestors(loop) if isinstance(a, cst.FunctionDef)), None)
        if not isinstance(sequence, cst.Name) or function is None:
            return False
        values = assigned_values(self, function.body, sequence.value)
        param = next((p for p in function.params.params if p.name.value == sequence.value), None)
        if param is None:
            return bool(values) and all(_list_or_tuple(v) for v in values)
        annotation = param.annotation.annotation if param.annotation else None
        if isinstance(annotation, cst.Subscript):
            annotation = annotation.value
        spelled = self.code(annotation).strip() if annotation is not None else ""
        return spelled.rpartition(".")[2] in ("List", "Tuple", "Sequence", "list", "tuple") and all(
            _list_or_tuple(v) for v in values
        )

    def _zipped(self, call: cst.Call) -> Optional[list[Replacement]]:
        loop = self.parent(call)
        if (
            not isinstance(loop, cst.For)
            or loop.iter is not call
            or loop.orelse
            or len(call.args) != 2
            or any(a.star or a.keyword for a in call.args)
            or not isinstance(loop.body, cst.IndentedBlock)
            or not isinstance(loop.target, cst.Tuple)
            or len(loop.target.elements) != 2
        ):
            return None
        kinds = [self._kind(a.value) for a in call.args]
        if kinds.count(Kind.MODULES) != 1:
            return None
        modules = kinds.index(Kind.MODULES)
        others = 1 - modules
        sequence = call.args[others].value
        value_target = loop.target.elements[others].value
        module_target = loop.target.elements[modules].value
        if (
            not isinstance(value_target, cst.Name)
            or not _names_only(module_target)
            or not isinstance(sequence, (cst.Name, cst.Attribute))
            or self._rebinds(loop.body, self.code(sequence).strip())
            or not self._positional(sequence, loop)
        ):
            return None
        module_name = self.code(module_target).strip()
        value_name = value_target.value
        taken = self._taken(loop)
        index, number = "i", 2
        while index in taken:
            index, number = f"i{number}", number + 1
        header = cst.parse_statement(
            f"for {index}, {module_name} in enumerate({self.code(call.args[modules].value)}): pass"
        )
        assert isinstance(header, cst.For)
        first = cst.parse_statement(f"{value_name} = {self.code(sequence).strip()}[{index}]\n")
        body = loop.body.with_changes(body=[first, *loop.body.body])
        return [(loop, loop.with_changes(target=header.target, iter=header.iter, body=body))]
