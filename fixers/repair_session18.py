"""Repairs for findings torchlint reported without a fix (issue #23, session 18).

``ClosureNumberOnInstance`` (TL207, safe): a method of a class defined inside a builder
function reads a number from the builder's scope (``init_scale``) -> ``self.init_scale = init_scale``
after ``super().__init__()`` and ``self.init_scale`` in the method. TorchScript resolves a
closed-over name as a Python value it cannot use (torch 2.13); it compiles a number attribute
of the module. Eager is unchanged: the builder binds the name once, before the class, and
never rebinds it (no ``nonlocal``), so the value the method read at call time is the value
``__init__`` stores; a number is immutable and is no parameter, buffer or submodule, so the
state dict, ``.to()`` and the module tree are unchanged. Only where no method of the class
stores ``self.<name>``, ``__init__`` binds no local of that name, and ``nn.Module`` has no
attribute of that name.

``FreshLayerNormAsFunctional`` (TL226 / TL106, safe): ``nn.LayerNorm(x.shape[-1],
elementwise_affine=False)(x)`` built and called at once in forward ->
``nn.functional.layer_norm(x, x.shape[-1:], None, None, eps)``. TorchScript cannot build a
module in scripted code and torch.jit.trace hands the constructor a 0-dim tensor (TypeError);
both compile the functional call. Eager is unchanged: without affine parameters the module
calls exactly this function.

``FreshAffineLayerNormAsFunctional`` (same codes, unsafe): the same call with the default
``elementwise_affine=True``. A fresh module's weight is all ones and its bias all zeros, so the
values are the same bits (``y * 1 + 0 == y``), but the output no longer depends on two
throw-away parameters that require grad: it requires grad only where the input does, and an
input of another dtype or device than the default (where the fresh float32 CPU parameters
made eager fail) now runs.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import all_params
from torchlint.lint.semantic.kinds import Kind

from ._shared import fresh_name, super_init_statement
from ._tensor_exprs import has_comments

_CLOSURE = re.compile(r"^`(\w+)`, a (int|float|bool|number) of the enclosing function's scope")

# The public attributes of an nn.Module (`dir(torch.nn.Module)` in torch 2.13, and the
# instance's `training`), which a stored number would shadow (`self.train = train`); private
# names are left alone whatever they are. tests/test_repair_session18.py checks this against
# the installed torch.
MODULE_ATTRIBUTES = frozenset(
    {
        "T_destination", "add_module", "apply", "bfloat16", "buffers", "call_super_init",
        "children", "compile", "cpu", "cuda", "double", "dump_patches", "eval", "extra_repr",
        "float", "forward", "get_buffer", "get_extra_state", "get_parameter", "get_submodule",
        "half", "ipu", "load_state_dict", "modules", "mtia", "named_buffers", "named_children",
        "named_modules", "named_parameters", "parameters", "register_backward_hook",
        "register_buffer", "register_forward_hook", "register_forward_pre_hook",
        "register_full_backward_hook", "register_full_backward_pre_hook",
        "register_load_state_dict_post_hook", "register_load_state_dict_pre_hook",
        "register_module", "register_parameter", "register_state_dict_post_hook",
        "register_state_dict_pre_hook", "requires_grad_", "set_extra_state", "set_submodule",
        "share_memory", "state_dict", "to", "to_empty", "train", "training", "type", "xpu",
        "zero_grad",
    }
)  # fmt: skip


def _binds(root: cst.CSTNode, name: str) -> int:
    """How often ``root`` binds ``name`` (parameters, assignment and loop targets, imports,
    defs), and -1 where it declares it ``nonlocal`` or ``global``."""
    found = 0

    class Visitor(cst.CSTVisitor):
        def visit_Param(self, node: cst.Param) -> None:
            nonlocal found
            found += node.name.value == name

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            nonlocal found
            found += any(n.value == name for n in _target_names(node.target))

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            nonlocal found
            found += node.value is not None and any(
                n.value == name for n in _target_names(node.target)
            )

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            nonlocal found
            found += any(n.value == name for n in _target_names(node.target))

        def visit_For(self, node: cst.For) -> None:
            nonlocal found
            found += any(n.value == name for n in _target_names(node.target))

        def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
            nonlocal found
            found += any(n.value == name for n in _target_names(node.target))

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            nonlocal found
            found += node.name.value == name

        def visit_ClassDef(self, node: cst.ClassDef) -> None:
            nonlocal found
            found += node.name.value == name

        def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
            nonlocal found
            bound = node.asname.name if node.asname else node.name
            found += isinstance(bound, cst.Name) and bound.value == name

        def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
            nonlocal found
            if any(item.name.value == name for item in node.names):
                found = -(10**6)

        def visit_Global(self, node: cst.Global) -> None:
            nonlocal found
            if any(item.name.value == name for item in node.names):
                found = -(10**6)

    root.visit(Visitor())
    return max(found, -1)


def _target_names(target: cst.CSTNode) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        names: list[cst.Name] = []
        for element in target.elements:
            names.extend(_target_names(element.value))
        return names
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def _stores_self(method: cst.FunctionDef, attr: str) -> list[cst.SimpleStatementLine]:
    """The statement lines of ``method`` that assign ``self.<attr>``."""
    lines: list[cst.SimpleStatementLine] = []

    class Visitor(cst.CSTVisitor):
        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            for small in node.body:
                targets: list[cst.BaseExpression] = []
                if isinstance(small, cst.Assign):
                    targets = [t.target for t in small.targets]
                elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
                    targets = [small.target]
                for target in targets:
                    for part in [target, *getattr(target, "elements", ())]:
                        part = (
                            getattr(part, "value", part)
                            if not isinstance(part, cst.Attribute)
                            else part
                        )
                        if (
                            isinstance(part, cst.Attribute)
                            and isinstance(part.value, cst.Name)
                            and part.value.value == "self"
                            and part.attr.value == attr
                        ):
                            lines.append(node)

    method.visit(Visitor())
    return lines


class ClosureNumberOnInstance(Fixer):
    codes = ("TL207",)
    applicability = "safe"
    message = "store the builder's number on the module in `__init__` and read `self.<name>`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _CLOSURE.match(diagnostic.message)
        read = diagnostic.node
        if found is None or not isinstance(read, cst.Name) or read.value != found.group(1):
            return None
        name = read.value
        if name in MODULE_ATTRIBUTES or name.startswith("_") or name == "self":
            return None
        chain = self.ancestors(read)
        method = next((a for a in chain if isinstance(a, (cst.FunctionDef, cst.Lambda))), None)
        if not isinstance(method, cst.FunctionDef) or method.decorators:
            return None
        body = self.parent(method)
        cls = self.parent(body) if isinstance(body, cst.IndentedBlock) else None
        if not isinstance(cls, cst.ClassDef) or cls.decorators:
            return None
        params = method.params.params
        if not params or params[0].name.value != "self" or _binds(method, name) != 0:
            return None
        outer_body = self.parent(cls)
        builder = self.parent(outer_body) if isinstance(outer_body, cst.IndentedBlock) else None
        if not isinstance(builder, cst.FunctionDef) or not isinstance(
            outer_body, cst.IndentedBlock
        ):
            return None
        if _binds(builder, name) != 1 or not self._bound_before(builder, outer_body, cls, name):
            return None
        methods = [m for m in cls.body.body if isinstance(m, cst.FunctionDef)]
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None or init.decorators or not isinstance(init.body, cst.IndentedBlock):
            return None
        if _binds(init, name) != 0:
            return None
        for line in cls.body.body:  # the class body must not bind the name either
            if not isinstance(line, cst.FunctionDef) and _binds(line, name) != 0:
                return None
        super_line = next((s for s in init.body.body if super_init_statement(s)), None)
        if super_line is None:
            return None
        store = f"self.{name} = {name}"
        stores = [line for m in methods for line in _stores_self(m, name)]
        edits: list[Replacement] = []
        if not stores:
            bind = cst.parse_statement(f"{store}\n")
            edits.append((super_line, cst.FlattenSentinel([super_line, bind])))
        elif not (
            len(stores) == 1
            and self.code(stores[0]).strip() == store
            and self._follows(init, super_line, stores[0])
        ):
            return None
        edits.append((read, cst.parse_expression(f"self.{name}")))
        return edits

    def _bound_before(
        self, builder: cst.FunctionDef, body: cst.IndentedBlock, cls: cst.ClassDef, name: str
    ) -> bool:
        """The builder's one binding of ``name`` is a parameter or a statement of its body
        before the class."""
        if any(p.name.value == name for p in all_params(builder.params)):
            return True
        for statement in body.body:
            if statement is cls:
                return False
            if _binds(statement, name) == 1 and isinstance(statement, cst.SimpleStatementLine):
                return True
        return False

    def _follows(self, init: cst.FunctionDef, super_line: cst.CSTNode, store: cst.CSTNode) -> bool:
        assert isinstance(init.body, cst.IndentedBlock)
        lines = list(init.body.body)
        return store in lines and lines.index(store) == lines.index(super_line) + 1


_LAYER_NORM = ("torch.nn.LayerNorm", "torch.nn.modules.normalization.LayerNorm")


class FreshLayerNormAsFunctional(Fixer):
    codes = ("TL226", "TL106")
    applicability = "safe"
    message = "call `nn.functional.layer_norm` instead of building an `nn.LayerNorm` in forward"
    affine = False

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if diagnostic.code == "TL106" and "an nn module built in forward" not in diagnostic.message:
            return None
        build = diagnostic.node
        if (
            not isinstance(build, cst.Call)
            or self.ctx.qualified_name(build.func) not in _LAYER_NORM
        ):
            return None
        outer = self.parent(build)
        if not isinstance(outer, cst.Call) or outer.func is not build or has_comments(outer):
            return None
        if len(outer.args) != 1 or outer.args[0].keyword or outer.args[0].star:
            return None
        operand = outer.args[0].value
        if not _plain(operand):
            return None
        parts = self._arguments(build)
        if parts is None:
            return None
        shape, eps, affine = parts
        if affine != self.affine:
            return None
        shape_text = self._shape(shape, self.code(operand).strip())
        if shape_text is None:
            return None
        functional = self._functional(build.func)
        if functional is None:
            return None
        tail = f", None, None, {self.code(eps).strip()}" if eps is not None else ""
        new = cst.parse_expression(
            f"{functional}.layer_norm({self.code(operand).strip()}, {shape_text}{tail})"
        )
        return [(outer, new.with_changes(lpar=outer.lpar, rpar=outer.rpar))]

    def _arguments(
        self, build: cst.Call
    ) -> Optional[tuple[cst.BaseExpression, Optional[cst.BaseExpression], bool]]:
        """(normalized_shape, eps or None, elementwise_affine) of ``nn.LayerNorm(...)``; None
        for other arguments (device, dtype, a non-literal flag, a starred argument)."""
        positional = ("normalized_shape", "eps", "elementwise_affine")
        values: dict[str, cst.BaseExpression] = {}
        for index, arg in enumerate(build.args):
            if arg.star:
                return None
            key = arg.keyword.value if arg.keyword else (positional[index] if index < 3 else "")
            if key not in (*positional, "bias") or key in values:
                return None
            values[key] = arg.value
        if "normalized_shape" not in values:
            return None
        affine = True
        for flag in ("elementwise_affine", "bias"):
            if flag in values:
                value = values[flag]
                if not isinstance(value, cst.Name) or value.value not in ("True", "False"):
                    return None
                if flag == "elementwise_affine":
                    affine = value.value == "True"
        eps = values.get("eps")
        if eps is not None and not _constant(eps):
            return None
        return values["normalized_shape"], eps, affine

    def _shape(self, shape: cst.BaseExpression, operand: str) -> Optional[str]:
        """``x.shape[-1:]`` for the last size of the operand itself (``x.shape[-1]``,
        ``x.size(-1)``, ``x.size()[-1]``); None otherwise."""
        text = self.code(shape).strip().replace(" ", "")
        plain = operand.replace(" ", "")
        last = (f"{plain}.shape[-1]", f"{plain}.size(-1)", f"{plain}.size()[-1]")
        return f"{operand}.shape[-1:]" if text in last else None

    def _functional(self, func: cst.BaseExpression) -> Optional[str]:
        """``nn.functional`` / ``torch.nn.functional`` spelled from the way the class was named."""
        if isinstance(func, cst.Attribute) and func.attr.value == "LayerNorm":
            base = self.code(func.value).strip()
            if self.ctx.qualified_name(func.value) == "torch.nn":
                return f"{base}.functional"
        return None


class FreshAffineLayerNormAsFunctional(FreshLayerNormAsFunctional):
    applicability = "unsafe"
    message = "call `nn.functional.layer_norm` instead of a fresh `nn.LayerNorm` (weight 1, bias 0)"
    affine = True


def _plain(node: cst.BaseExpression) -> bool:
    """A name or an attribute chain of names: evaluating it twice or in another order changes
    nothing."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name) and not node.lpar


def _constant(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Float, cst.Integer, cst.Name))


class ZipDictWithModulesAsEnumerate(Fixer):
    """``for name, conv in zip(feats, self.lateral):`` where ``feats`` is a parameter annotated
    as a dict -> ``feats_keys = list(feats)`` before the loop and ``for index, conv in
    enumerate(self.lateral): if index < len(feats_keys): name = feats_keys[index]`` around the
    body (unsafe). TorchScript cannot unroll a zip of a module container with a dict (torch
    2.13); it unrolls ``enumerate`` of the container and compiles ``list`` of a dict (a
    ``break`` in an unrolled loop does not compile, hence the guard). For a dict the loop runs
    the same body on the same pairs, in insertion order, and stops at the shorter of the two
    (the body must not name the dict other than to read ``feats[...]``, nor the container).
    Unsafe: eager does not enforce the annotation, and a one-shot iterator passed in is
    drained by ``list`` where ``zip`` stopped at the shorter."""

    codes = ("TL208",)
    applicability = "unsafe"
    message = "loop over `enumerate` of the modules and index a list of the dict's keys"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "`zip` of a module container with a non-module sequence" not in diagnostic.message:
            return None
        call = diagnostic.node
        loop = self.parent(call)
        if (
            not isinstance(call, cst.Call)
            or not isinstance(loop, cst.For)
            or loop.iter is not call
            or loop.orelse is not None
            or loop.asynchronous is not None
            or len(call.args) != 2
            or any(a.keyword or a.star for a in call.args)
            or not isinstance(loop.target, cst.Tuple)
            or len(loop.target.elements) != 2
            or not all(isinstance(e.value, cst.Name) for e in loop.target.elements)
            or not isinstance(loop.body, cst.IndentedBlock)
            or has_comments(call)
        ):
            return None
        first, second = (a.value for a in call.args)
        if self.kind(second) is Kind.MODULES and isinstance(first, cst.Name):
            seq, modules, key_at, module_at = first, second, 0, 1
        elif self.kind(first) is Kind.MODULES and isinstance(second, cst.Name):
            seq, modules, key_at, module_at = second, first, 1, 0
        else:
            return None
        if not self._dict_parameter(loop, seq.value):
            return None
        modules_text = self.code(modules).strip()
        for node in _walk(loop.body):
            if isinstance(node, cst.Name) and node.value == seq.value:
                holder = self.parent(node)
                if not (isinstance(holder, cst.Subscript) and holder.value is node):
                    return None
                if _is_target(self, holder):
                    return None
            if (
                isinstance(node, (cst.Attribute, cst.Name))
                and self.code(node).strip() == modules_text
            ):
                return None
        key_name = loop.target.elements[key_at].value
        module_name = loop.target.elements[module_at].value
        assert isinstance(key_name, cst.Name) and isinstance(module_name, cst.Name)
        keys = fresh_name(self, loop, f"{seq.value}_keys")
        index = fresh_name(self, loop, "index", taken=(keys,))
        first_line = cst.parse_statement(f"{keys} = list({seq.value})\n")
        first_line = first_line.with_changes(leading_lines=loop.leading_lines)
        pick = cst.parse_statement(f"{key_name.value} = {keys}[{index}]\n")
        guard = cst.If(
            test=cst.parse_expression(f"{index} < len({keys})"),
            body=cst.IndentedBlock(body=[pick, *loop.body.body], footer=loop.body.footer),
        )
        new_loop = loop.with_changes(
            leading_lines=[],
            target=cst.parse_expression(f"{index}, {module_name.value}"),
            iter=cst.parse_expression(f"enumerate({modules_text})"),
            body=loop.body.with_changes(body=[guard], footer=[]),
        )
        return [(loop, cst.FlattenSentinel([first_line, new_loop]))]

    def _dict_parameter(self, loop: cst.For, name: str) -> bool:
        function = self.enclosing_function(loop)
        if function is None or _binds(function, name) != 1:
            return False
        for param in all_params(function.params):
            if param.name.value == name and param.annotation is not None:
                text = self.code(param.annotation.annotation).strip()
                return re.match(r"^(typing\.)?(Dict|dict)\[", text) is not None
        return False


def _walk(root: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    class Visitor(cst.CSTVisitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            found.append(node)
            return True

    root.visit(Visitor())
    return found


def _is_target(fixer: Fixer, node: cst.CSTNode) -> bool:
    """Whether ``node`` is stored to or deleted (an assignment, augmented assignment, del or
    loop target, also inside a tuple)."""
    child = node
    for ancestor in fixer.ancestors(node):
        if isinstance(ancestor, (cst.AssignTarget, cst.Del)):
            return True
        if isinstance(ancestor, (cst.AugAssign, cst.AnnAssign)) and ancestor.target is child:
            return True
        if isinstance(ancestor, (cst.For, cst.CompFor)) and ancestor.target is child:
            return True
        if not isinstance(ancestor, (cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
            return False
        child = ancestor
    return False
