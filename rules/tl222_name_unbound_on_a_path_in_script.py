"""TL222: a local read where TorchScript does not see it bound on every path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import self_assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import target_names
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import (
    SCRIPT,
    built_constants,
    class_methods,
    has_constants,
    in_script,
    signature_params,
)

# Constructs that end the analysis of a function (other rules flag them, or their scoping is
# not worth modelling): the function is left alone.
_BAIL = (cst.Try, cst.TryStar, cst.Global, cst.Nonlocal, cst.Del, cst.Match)
# Expressions whose names are their own scope (or code TorchScript compiles apart).
_SCOPES = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
# Calls TorchScript folds to a constant in a condition, dropping a branch.
_STATIC_CALLS = frozenset(
    {"isinstance", "hasattr", "is_scripting", "is_tracing", "_is_scripting", "getattr"}
)


def _example(body: str, init: str = "", annotations: str = "") -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        + annotations
        + "    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(3, 3)\n" + init + "\n"
        "    def forward(self, x: torch.Tensor):\n" + body + "\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


# What ``_fold`` says of a test TorchScript compiles as a runtime branch (both sides).
_DYNAMIC = "dynamic"


class _Unbound(Exception):
    """Raised to stop the walk of a function the rule leaves alone."""


class NameUnboundOnAPathInScript(Rule):
    """Flags a local read after an `if` that binds it in one branch only, or after a loop
    that binds it, in scripted code.

    ## What it does
    In a function `torch.jit.script` compiles, follows the local names the way the compiler
    does and finds a read of a name that is not bound on every path to it:
    - bound in one branch of an `if` (or in some branches of an `if` / `elif` chain without
      `else`) and read after the `if`, where the other branch does not end in `return` or
      `raise` (`continue` and `break` do not count) and the test is not one TorchScript folds
      to a constant (an `is None` test, `isinstance`, `hasattr`, `torch.jit.is_scripting()`,
      a global, or an attribute of a class with `Final` / `__constants__` are left alone,
      unless the class's constants, at the values the file builds its modules with (the
      defaults where it builds none), leave the test one TorchScript does not fold:
      `self.training and not self.instance` with `instance` a `False` constant is a runtime
      test, `not self.instance` folding to True; a test they fold compiles its one branch);
    - bound by a `for` or `while` loop (the loop variable, or a name first bound in the loop
      body) and read after the loop: the loop variable of `for i in range(n):` read after it,
      `for i, step in enumerate(self.steps): ... break` then `return x, i`. Loops TorchScript
      unrolls (over a tuple, an `nn.ModuleList` / `nn.Sequential`, or anything the linter
      cannot tell is a list, range, dict view or tensor) are left alone: their names stay
      bound after the loop;
    - read in a loop before the loop body binds it (`if i > 0: y = y + prev` ... `prev = y`):
      Python reads the previous iteration's value; TorchScript compiles the body once, with
      the names bound before the loop (`undefined value prev`).
    A branch ending in `assert False` counts as one that raises (TorchScript compiles it
    so).

    ## Why is this bad?
    TorchScript compiles both branches of an `if` whatever the condition, and a name bound in
    only one of them is undefined after it: torch 2.13 fails with `shortcut is not defined in
    the false branch` (or `the true branch`) at the read, even when the two `if`s test the
    same flag (`if self.use_skip: shortcut = x` ... `if self.use_skip: h = h + shortcut`). A
    branch that returns or raises does not reach the read, so it needs no binding. Names a
    loop binds belong to the loop body (the loop may run zero times): after the loop they are
    undefined (`undefined value i`). Python runs both, binding the name on the path taken.
    Trace, compile and export run the Python.

    ## Example
    ```python
    def forward(self, x):
        if self.use_skip:
            shortcut = x
        h = self.fc(x)
        if self.use_skip:
            h = h + shortcut
        for i in range(3):
            h = self.step(h)
        return h, i
    ```
    Use instead, binding the name before (the same value on the path Python took):
    ```python
    def forward(self, x):
        shortcut = x
        h = self.fc(x)
        if self.use_skip:
            h = h + shortcut
        i = 0
        for i in range(3):
            h = self.step(h)
        return h, i
    ```

    ## Fix safety
    Unsafe fixes where the value is known: a name whose one binding in the function is
    `name = V` in a branch, with `V` a number / string / bool literal or a parameter the
    function never rebinds, gets the same `name = V` first in the function body; the index of
    `for i in range(...)` / `for i, v in enumerate(...)` read after the loop gets `i = 0`
    before the loop. Every read Python could make sees the value it saw; a path that left the
    name unbound (eager raised `UnboundLocalError` there) now reads `V` / 0. Otherwise no fix:
    the value to bind on the other path (of the same type) is the author's choice.
    """

    code = "TL222"
    name = "name-unbound-on-a-path-in-script"
    message = "a local read where TorchScript does not see it bound on every path"
    targets = SCRIPT

    VALID = [
        # Bound in both branches, or the other branch raises / returns; a name bound before.
        Valid(
            _example(
                "        if x.sum() > 0:\n            s = x\n        else:\n            s = x * 2\n"
                "        if x.dim() == 2:\n            t = s\n        else:\n"
                "            raise ValueError('2-D')\n"
                "        if x.dim() == 2:\n            t = t + 1\n        else:\n"
                "            assert False, '2-D'\n"
                "        if x.size(0) > 3:\n            u = t\n        else:\n            return t\n"
                "        i = 0\n        for i in range(3):\n            u = u + i\n"
                "        return self.fc(u) * i"
            )
        ),
        # A test TorchScript folds (a Final attribute): only the taken branch is compiled.
        Valid(
            _example(
                "        if self.use:\n            s = x\n        y = self.fc(x)\n"
                "        if self.use:\n            y = y + s\n        return y",
                init="        self.use = True\n",
                annotations="    use: torch.jit.Final[bool]\n\n",
            )
        ),
        # A loop TorchScript unrolls (over an nn.ModuleList) leaves its names bound.
        Valid(
            _example(
                "        for m in self.layers:\n            x = m(x)\n        return m(x)",
                init="        self.layers = nn.ModuleList([nn.Linear(3, 3)])\n",
            )
        ),
        # Bound in one branch and read only inside it; the loop variable used inside only.
        Valid(
            _example(
                "        if x.sum() > 0:\n            s = x + 1\n            x = s * 2\n"
                "        for j in range(2):\n            x = x + j\n        return self.fc(x)"
            )
        ),
    ]
    INVALID = [
        # Read in a loop before the body binds it: Python reads the last iteration's value.
        Invalid(
            _example(
                "        y = x\n        for i in range(3):\n            if i > 0:\n"
                "                y = y + prev\n            prev = y * 2\n        return y"
            ),
            line=14,
            message_contains="undefined value prev",
        ),
        Invalid(
            _example(
                "        if self.use_skip:\n            shortcut = x\n        h = self.fc(x)\n"
                "        if self.use_skip:\n            h = h + shortcut\n        return h",
                init="        self.use_skip = True\n",
            ),
            line=12,
            message_contains="not defined in the false branch",
            fixed=_example(
                "        shortcut = x\n"
                "        if self.use_skip:\n            shortcut = x\n        h = self.fc(x)\n"
                "        if self.use_skip:\n            h = h + shortcut\n        return h",
                init="        self.use_skip = True\n",
            ),
        ),
        Invalid(
            _example(
                "        for i, t in enumerate([x, x * 2]):\n            x = x + t\n"
                "        return x * i"
            ),
            line=13,
            message_contains="undefined value i",
            fixed=_example(
                "        i = 0\n        for i, t in enumerate([x, x * 2]):\n            x = x + t\n"
                "        return x * i"
            ),
        ),
        Invalid(
            _example(
                "        n = 0\n        while n < 3:\n            last = x * n\n"
                "            n += 1\n        return last"
            ),
            line=15,
        ),
        # A `continue` in the other branch still reaches the read.
        Invalid(
            _example(
                "        for i in range(2):\n            if i == 0:\n                s = x\n"
                "            else:\n                continue\n            x = x + s\n"
                "        return self.fc(x)"
            ),
            line=12,
            message_contains="not defined in the false branch",
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        self._owner = info.owner_class
        self._function = node
        self._params = {p.name.value for p in signature_params(self.ctx, node)}
        params = node.params
        self._params |= {
            p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)
        }
        self._locals = _bound_names(node.body)
        self._found: dict[str, tuple[cst.CSTNode, str]] = {}
        # The `if` that left each name bound on one side only: where torch reports it.
        self._branch_sites: dict[str, cst.If] = {}
        try:
            self._block(node.body.body, set(self._params), {})
        except _Unbound:
            return
        for where, message in self._found.values():
            self.report(where, message)

    # -- statements: each returns (defined, partial), or None when it always exits
    def _block(
        self, body: Sequence[cst.CSTNode], defined: set[str], partial: dict[str, str]
    ) -> Optional[tuple[set[str], dict[str, str]]]:
        state: Optional[tuple[set[str], dict[str, str]]] = (defined, partial)
        for statement in body:
            if state is None:
                return None
            state = self._statement(statement, *state)
        return state

    def _statement(
        self, stmt: cst.CSTNode, defined: set[str], partial: dict[str, str]
    ) -> Optional[tuple[set[str], dict[str, str]]]:
        if isinstance(stmt, _BAIL):
            raise _Unbound
        if type(stmt) is cst.SimpleStatementLine:
            state: Optional[tuple[set[str], dict[str, str]]] = (defined, partial)
            for small in stmt.body:
                if state is None:
                    return None
                state = self._small(small, *state)
            return state
        if type(stmt) is cst.If:
            return self._if(stmt, defined, partial)
        if type(stmt) is cst.For:
            if stmt.orelse is not None or stmt.asynchronous is not None:
                raise _Unbound
            self._reads(stmt.iter, defined, partial)
            targets = _bound_target(stmt.target)
            bound = targets | _bound_names(stmt.body)
            if not self._rolled(stmt.iter):
                # Unrolled (or unknown): each iteration is straight-line code, which sees the
                # names the previous one bound; a branch inside still needs both sides.
                self._block(stmt.body.body, defined | targets, dict(partial))
                return defined | bound, partial
            inner = self._block(
                stmt.body.body, defined | targets, self._carried(bound - targets, defined, partial)
            )
            return self._after_loop(stmt, bound, defined, partial, inner)
        if type(stmt) is cst.While:
            if stmt.orelse is not None:
                raise _Unbound
            self._reads(stmt.test, defined, partial)
            bound = _bound_names(stmt.body)
            inner = self._block(
                stmt.body.body, set(defined), self._carried(bound, defined, partial)
            )
            return self._after_loop(stmt, bound, defined, partial, inner)
        if type(stmt) is cst.With:
            if stmt.asynchronous is not None:
                raise _Unbound
            defined = set(defined)
            for item in stmt.items:
                self._reads(item.item, defined, partial)
                if item.asname is not None:
                    defined |= _bound_target(item.asname.name)
            return self._block(stmt.body.body, defined, partial)
        if type(stmt) in (cst.FunctionDef, cst.ClassDef):
            return defined | {stmt.name.value}, partial  # type: ignore[attr-defined]
        raise _Unbound

    def _carried(
        self, bound: set[str], defined: set[str], partial: dict[str, str]
    ) -> dict[str, str]:
        """At the start of a loop body: the names the body binds (and the loop did not bind
        before) are unbound there, though Python keeps the previous iteration's value."""
        carried = dict(partial)
        for name in bound - defined:
            carried.setdefault(name, "carried")
        return carried

    def _after_loop(
        self,
        loop: cst.CSTNode,
        bound: set[str],
        defined: set[str],
        partial: dict[str, str],
        inner: Optional[tuple[set[str], dict[str, str]]],
    ) -> tuple[set[str], dict[str, str]]:
        kind = "`for` loop" if type(loop) is cst.For else "`while` loop"
        partial = dict(partial)
        for name in bound - defined:
            partial[name] = kind
        return set(defined), partial

    def _if(
        self, stmt: cst.If, defined: set[str], partial: dict[str, str]
    ) -> Optional[tuple[set[str], dict[str, str]]]:
        self._reads(stmt.test, defined, partial)
        folded = self._folded(stmt.test)
        orelse = stmt.orelse
        if folded is True:  # TorchScript compiles the body only
            return self._block(stmt.body.body, set(defined), dict(partial))
        if folded is False:  # the `else` / `elif` only
            if orelse is None:
                return set(defined), dict(partial)
            if type(orelse) is cst.If:
                return self._if(orelse, set(defined), dict(partial))
            return self._block(orelse.body.body, set(defined), dict(partial))
        body = self._block(stmt.body.body, set(defined), dict(partial))
        if orelse is None:
            other: Optional[tuple[set[str], dict[str, str]]] = (set(defined), dict(partial))
        elif type(orelse) is cst.If:
            other = self._if(orelse, set(defined), dict(partial))
        else:
            other = self._block(orelse.body.body, set(defined), dict(partial))
        if folded is None:
            # TorchScript may compile one branch only: whatever either binds counts as bound.
            states = [s for s in (body, other) if s is not None]
            if not states:
                return None
            merged = set(defined).union(*(s[0] for s in states))
            return merged, {k: v for s in states for k, v in s[1].items() if k not in merged}
        if body is None:
            return other
        if other is None:
            return body
        both = body[0] & other[0]
        merged_partial = {**body[1], **other[1]}
        for name in body[0] - both:
            merged_partial[name] = "false"
            self._branch_sites[name] = stmt
        for name in other[0] - both:
            merged_partial[name] = "true"
            self._branch_sites[name] = stmt
        return both, {k: v for k, v in merged_partial.items() if k not in both}

    def _small(
        self, small: cst.CSTNode, defined: set[str], partial: dict[str, str]
    ) -> Optional[tuple[set[str], dict[str, str]]]:
        kind = type(small)
        if isinstance(small, _BAIL):
            raise _Unbound
        if kind is cst.Return or kind is cst.Raise:
            value = small.value if kind is cst.Return else small.exc  # type: ignore[attr-defined]
            if value is not None:
                self._reads(value, defined, partial)
            if kind is cst.Raise and small.cause is not None:  # type: ignore[attr-defined]
                self._reads(small.cause, defined, partial)  # type: ignore[attr-defined]
            return None
        if kind is cst.Assert:
            test = small.test  # type: ignore[attr-defined]
            self._reads(test, defined, partial)
            if (
                isinstance(test, cst.Name)
                and test.value in ("False", "None")
                or (isinstance(test, cst.Integer) and test.value == "0")
            ):
                return None  # `assert False, ...`: TorchScript takes it as a raise
            return defined, partial
        if kind is cst.Assign:
            self._reads(small.value, defined, partial)  # type: ignore[attr-defined]
            bound: set[str] = set()
            for target in small.targets:  # type: ignore[attr-defined]
                self._target_reads(target.target, defined, partial)
                bound |= _bound_target(target.target)
            return defined | bound, {k: v for k, v in partial.items() if k not in bound}
        if kind is cst.AnnAssign:
            if small.value is None:  # type: ignore[attr-defined]
                return defined, partial
            self._reads(small.value, defined, partial)  # type: ignore[attr-defined]
            self._target_reads(small.target, defined, partial)  # type: ignore[attr-defined]
            bound = _bound_target(small.target)  # type: ignore[attr-defined]
            return defined | bound, {k: v for k, v in partial.items() if k not in bound}
        if kind is cst.AugAssign:
            self._reads(small.value, defined, partial)  # type: ignore[attr-defined]
            self._reads(small.target, defined, partial)  # type: ignore[attr-defined]
            return defined, partial
        if kind in (cst.Import, cst.ImportFrom):
            raise _Unbound
        for child in small.children:
            if isinstance(child, cst.BaseExpression):
                self._reads(child, defined, partial)
        return defined, partial

    # -- reads
    def _target_reads(
        self, target: cst.BaseExpression, defined: set[str], partial: dict[str, str]
    ) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._target_reads(element.value, defined, partial)
        elif isinstance(target, cst.StarredElement):
            self._target_reads(target.value, defined, partial)
        elif not isinstance(target, cst.Name):
            self._reads(target, defined, partial)

    def _reads(self, expr: cst.CSTNode, defined: set[str], partial: dict[str, str]) -> None:
        stack = [expr]
        while stack:
            current = stack.pop()
            if isinstance(current, _SCOPES):
                if isinstance(current, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
                    stack.append(current.for_in.iter)
                continue
            if type(current) is cst.Attribute:
                stack.append(current.value)
                continue
            if type(current) is cst.Call:
                stack.append(current.func)
                stack.extend(arg.value for arg in current.args)
                continue
            if type(current) is cst.Name:
                self._read(current, defined, partial)
                continue
            stack.extend(current.children)

    def _read(self, name: cst.Name, defined: set[str], partial: dict[str, str]) -> None:
        value = name.value
        if value in defined or value not in partial or value in self._found:
            return
        how = partial[value]
        if how == "carried":
            message = (
                f"`{value}` is read in a loop before the loop body binds it: Python reads the "
                "previous iteration's value, but TorchScript compiles the body once with the "
                f"names bound before the loop, so torch.jit.script fails (undefined value "
                f"{value}); bind `{value}` before the loop"
            )
        elif how in ("true", "false"):
            message = (
                f"`{value}` is bound in one branch of an `if` only and read after it: "
                "TorchScript compiles both branches whatever the test, and a name read after "
                "the `if` must be bound in both (or the other branch must return or raise), so "
                f"torch.jit.script fails ({value} is not defined in the {how} branch); bind "
                f"`{value}` before the `if` or in the other branch"
            )
        else:
            message = (
                f"`{value}` is bound by the {how} and read after it: TorchScript scopes the "
                "names a `for` / `while` loop binds to the loop body (it may run zero times), "
                f"so torch.jit.script fails (undefined value {value}); bind `{value}` before "
                "the loop"
            )
        # torch names the `if` whose branches disagree; the loop cases, the read.
        where = self._branch_sites.get(value, name) if how in ("true", "false") else name
        self._found[value] = (where, message)

    # -- what TorchScript may fold, what it unrolls
    def _static(self, test: cst.BaseExpression) -> bool:
        """Whether TorchScript may fold ``test`` to a constant and compile one branch only: an
        ``is`` / ``is not`` test, ``isinstance`` / ``hasattr`` / ``is_scripting``, a global
        name, ``True`` / ``False``, or an attribute of a class with ``Final`` /
        ``__constants__``."""
        stack: list[cst.CSTNode] = [test]
        while stack:
            current = stack.pop()
            if type(current) is cst.Comparison:
                if any(type(c.operator) in (cst.Is, cst.IsNot) for c in current.comparisons):
                    return True
            elif type(current) is cst.Call:
                func = current.func
                if type(func) is cst.Attribute:
                    if func.attr.value in _STATIC_CALLS:
                        return True
                    stack.append(func.value)
                elif type(func) is cst.Name and func.value in _STATIC_CALLS:
                    return True
                stack.extend(arg.value for arg in current.args)
                continue
            elif type(current) is cst.Name:
                if current.value not in self._params and current.value not in self._locals:
                    return True  # True / False / None, or a global: a constant to TorchScript
                continue
            elif type(current) is cst.Attribute:
                if self_attribute(current) is not None and (
                    self._owner is None or has_constants(self.ctx, self._owner)
                ):
                    return True
                if type(current.value) is not cst.Name:
                    stack.append(current.value)
                continue
            stack.extend(current.children)
        return False

    def _folded(self, test: cst.BaseExpression) -> object:
        """What TorchScript makes of ``test`` for every module of the class this file builds:
        ``True`` / ``False`` where it folds the test to that constant (it compiles that branch
        only), ``_DYNAMIC`` where it compiles both branches, None where it is not known (the
        value differs between the modules built, or a constant's value is not known)."""
        if not self._static(test):
            return _DYNAMIC
        built = built_constants(self.ctx, self._owner) if self._owner is not None else None
        if not built:
            return None
        found = {self._fold(test, constants) for constants in built}
        return found.pop() if len(found) == 1 else None

    def _fold(self, test: cst.BaseExpression, constants: dict[str, object]) -> object:
        """TorchScript's static value of a condition (``CondValue::staticIf`` of
        ``emitCondExpr``, torch 2.13) with the class's constants at ``constants``: a bool
        constant attribute, ``True`` / ``False``, and ``not`` of one are static; ``a and b`` is
        static False where either side is, and static where both are (``or`` the same with
        True); ``self.training``, parameters and what holds no constant are ``_DYNAMIC``;
        None where the linter cannot tell."""
        if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            inner = self._fold(test.expression, constants)
            return inner if inner is None or inner is _DYNAMIC else not inner
        if type(test) is cst.BooleanOperation:
            sides = (self._fold(test.left, constants), self._fold(test.right, constants))
            decisive = type(test.operator) is cst.Or  # `or`: a static True decides it
            if any(side is decisive for side in sides):
                return decisive
            if None in sides:
                return None
            if _DYNAMIC in sides:
                return _DYNAMIC
            return not decisive
        if type(test) is cst.Name and test.value in ("True", "False"):
            return test.value == "True"
        attr = self_attribute(test)
        if attr == "training":
            return _DYNAMIC  # a module attribute TorchScript reads at run time
        if attr is not None:
            value = constants.get(attr)
            # `bool(c)` of an int constant is an op, not a constant: not folded.
            return value if type(value) is bool else None
        return None if self._static(test) else _DYNAMIC

    def _rolled(self, iterable: cst.BaseExpression) -> bool:
        """Whether TorchScript compiles ``for ... in iterable`` as a loop (not unrolled): a
        ``range``, a list display or comprehension, a dict view, a tensor, a list parameter or
        attribute, ``enumerate`` / ``zip`` / ``reversed`` of those."""
        if isinstance(iterable, (cst.List, cst.ListComp)):
            return True
        if type(iterable) is cst.Call:
            func = iterable.func
            if type(func) is cst.Name:
                if func.value == "range":
                    return True
                if func.value in ("enumerate", "zip", "reversed") and iterable.args:
                    sources = iterable.args[:1] if func.value == "enumerate" else iterable.args
                    return all(not a.keyword and self._rolled(a.value) for a in sources)
                return False
            if type(func) is cst.Attribute and func.attr.value in (
                "items",
                "keys",
                "values",
                "tolist",
                "split",
                "chunk",
                "unbind",
            ):
                return True
            return False
        if self.ctx.kind(iterable) is Kind.TENSOR:
            return True
        if type(iterable) is cst.Name:
            return self._list_parameter(self._function, iterable.value)
        attr = self_attribute(iterable)
        if attr is not None and self._owner is not None:
            values = [
                (method, value)
                for method in class_methods(self.ctx, self._owner)
                for value in self_assignments(method, attr)
            ]
            return bool(values) and all(
                isinstance(value, (cst.List, cst.ListComp))
                or (type(value) is cst.Name and self._list_parameter(method, value.value))
                for method, value in values
            )
        return False

    def _list_parameter(self, function: cst.FunctionDef, name: str) -> bool:
        """A parameter of ``function`` annotated ``List[...]`` / ``list[...]``, never rebound."""
        params = function.params
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            if param.name.value != name or param.annotation is None:
                continue
            annotation = param.annotation.annotation
            if type(annotation) is cst.Subscript:
                annotation = annotation.value
            spelled = cst.Module([]).code_for_node(annotation)
            return spelled in ("List", "list", "typing.List") and name not in _bound_names(
                function.body
            )
        return False


def _bound_names(body: cst.CSTNode) -> set[str]:
    """Names bound anywhere in ``body`` (assignments, loop targets, ``with ... as``), nested
    functions and classes left out."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef)) and current is not body:
            names.add(current.name.value)
            continue
        if isinstance(current, _SCOPES):
            continue
        if type(current) is cst.AssignTarget:
            names |= _bound_target(current.target)
        elif type(current) is cst.AnnAssign and current.value is not None:
            names |= _bound_target(current.target)
        elif type(current) is cst.For:
            names |= _bound_target(current.target)
        elif type(current) is cst.WithItem and current.asname is not None:
            names |= _bound_target(current.asname.name)
        elif type(current) is cst.NamedExpr:
            names |= _bound_target(current.target)
        stack.extend(current.children)
    return names


def _bound_target(target: cst.CSTNode) -> set[str]:
    return set(target_names(target))
