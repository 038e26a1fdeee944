"""TL116: a `try` in graph code whose handler catches the errors of the tensor ops in its body."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import syntax_children

# What torch ops raise (RuntimeError, IndexError for indices and dimensions out of range,
# ValueError and TypeError from argument checks), and the classes above them.
SPECIFIC = frozenset({"RuntimeError", "IndexError", "ValueError", "TypeError"})
BROAD = frozenset({"Exception", "BaseException"})
CAUGHT = SPECIFIC | BROAD
# Tensor methods that raise on the input's shape (a view of a non-contiguous tensor, a size
# that does not divide, an index past the end): what a catch-all around tensor code is there
# for. A catch-all around other ops (`torch.linalg.solve_triangular`, falling back to the
# older `torch.triangular_solve`) reads as an API fallback, not an input check.
SHAPE_METHODS = frozenset(
    {
        "view",
        "reshape",
        "split",
        "chunk",
        "unflatten",
        "narrow",
        "select",
        "index_select",
        "gather",
        "expand",
        "unbind",
        "size",
    }
)
SUPPRESS = frozenset({"contextlib.suppress"})
# torch functions that run no op on their arguments (back-end queries, graph markers).
NOT_OPS = ("torch.jit.", "torch.compiler.", "torch._dynamo.", "torch.cuda.", "torch.backends.")
# Ops whose errors the values decide, not the shapes (a matrix that is not positive-definite,
# invalid probabilities): the handler is a numerical fallback that inputs rarely reach.
VALUE_CHECKED = ("torch.linalg.", "torch.cholesky", "torch.inverse", "torch.multinomial")
VALUE_CHECKED_METHODS = frozenset({"cholesky", "cholesky_inverse", "inverse", "multinomial"})
# Kinds whose indexing is a torch op: a tensor, and the sizes of one (`x.shape[2]`).
INDEXED = frozenset({Kind.TENSOR, Kind.SHAPE})
VALUE_INDICES = frozenset({Kind.TENSOR, Kind.TENSORS, Kind.DATA})


@dataclass
class _Guarded:
    """A `try` body (or `with contextlib.suppress(...)` body) open in the traversal."""

    body: cst.BaseSuite
    catches: bool  # some handler catches an error a torch op raises
    broad: bool  # only catch-alls catch it (`except Exception`, a bare `except:`)
    function: Optional[cst.FunctionDef]
    inside: bool = False  # the traversal is in ``body`` now
    reported: bool = False
    # The body is one torch function call and every handler computes a replacement from the
    # same tensors (`F.scaled_dot_product_attention(q, k, v)`, else the explicit formula):
    # an implementation fallback, as a catch-all around such a call is read.
    fallback: bool = False


def _names(expr: Optional[cst.BaseExpression]) -> list[cst.BaseExpression]:
    if expr is None:
        return []
    if isinstance(expr, cst.Tuple):
        return [element.value for element in expr.elements]
    return [expr]


class ExceptionFromTensorOp(Rule):
    """Flags a tensor op in a `try` whose `except` catches what the op raises, in graph code.

    ## What it does
    Finds `try:` blocks in graph code whose body runs torch ops (tensor indexing, `x.shape[i]`,
    tensor methods, torch functions, submodule calls, arithmetic on tensors) and whose handler
    catches the errors those ops raise: `RuntimeError`, `IndexError`, `ValueError`,
    `TypeError`, `Exception`, `BaseException`, a bare `except:`, or a tuple holding one of
    them; `with contextlib.suppress(IndexError):` too. It reports the first op of the body.
    Under a catch-all alone (`Exception`, `BaseException`, bare `except:`) only the ops that
    raise on the input's shape count: tensor and size indexing and `view`, `reshape`, `split`,
    `chunk`, `narrow`, `select`, `gather`, `expand`, `unbind`, `size(i)`; a catch-all around
    other ops is read as an API fallback (`torch.linalg.solve_triangular`, else the older
    `torch.triangular_solve`). So is a `try` whose body is one call of a torch function on
    tensors, whatever its handler catches, when every handler computes a replacement from the
    same tensors (`F.scaled_dot_product_attention(q, k, v)`, else the explicit softmax
    formula; `torch.special.expit(y)`, else `torch.sigmoid(y)`): the handler is another
    implementation of the call, for a kernel or an API the eager run may lack, not an answer
    to an input; shape ops inside the call (`x.view(...)` as an argument) still count. Handlers
    that only re-raise are left alone, and so are errors
    torch ops do not raise (`KeyError` of a dict, `AttributeError`, `ImportError`,
    `StopIteration`), which Dynamo handles like any Python exception. Errors the values
    decide rather than the shapes are left out too (`torch.linalg.cholesky` of a matrix that is
    not positive-definite, `multinomial`, an index tensor out of range): torch.compile raises
    them as well when they happen, but the handler is a numerical fallback few inputs reach.

    ## Why is this bad?
    The handler is the eager program's answer to an input that makes the op raise; the
    back-ends do not run it. When the op raises, `torch.compile(fullgraph=True)` raises the
    op's error instead of running the handler; plain `torch.compile` raises it too for a
    `RuntimeError` (GB4315 "RuntimeError when making fake tensor call") or an `IndexError`,
    and falls back to eager for a `TypeError`. `torch.jit.trace` records only the path the
    example input takes, so an input that takes the other path gets the wrong result or an
    error; an op raising a `RuntimeError` while tracing crashes the process (segmentation
    fault on torch 2.13). `torch.export` is not claimed: it exports past an index out of range
    (`x[:, 8]`), but keeps other ops that raised (`x @ w`, `x.sum(2)`), and the exported
    program raises on every call. When no input makes the op raise, every back-end runs fine:
    the finding is about the inputs that do.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            try:
                extra = x[:, 8]
            except IndexError:
                extra = x.new_zeros(x.shape[0])
            return x.sum(1) + extra
    ```
    Use instead: test the condition the error stands for, which every back-end follows
    (`extra = x[:, 8] if x.shape[1] > 8 else x.new_zeros(x.shape[0])`), or validate inputs
    outside the model.

    ## Fix safety
    No automatic fix: the condition under which an op raises is the op's own (shapes, dtypes,
    devices), and a test written for it can differ from it.
    """

    code = "TL116"
    name = "exception-from-tensor-op"
    subject = "tensor op in a `try` whose handler catches its errors"
    clauses = {
        "compile": (
            "when the op raises, torch.compile(fullgraph=True) raises its error instead of "
            "running the handler, and plain torch.compile raises too on a RuntimeError or "
            "IndexError"
        ),
        "trace": (
            "torch.jit.trace records only the path the example input takes, and crashes when "
            "an op raises a RuntimeError while tracing"
        ),
    }
    advice = "test the condition the error stands for (a shape check) instead of catching it"
    targets = ("compile", "trace")

    VALID = [
        # Errors of Python values (a dict lookup, an attribute probe, a list index): Dynamo
        # runs their handlers.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.scales = {"a": 2.0}

                def forward(self, x, key: str = "b"):
                    try:
                        s = self.scales[key]
                    except KeyError:
                        s = 1.0
                    try:
                        y = self.fc(x) * self.gain
                    except AttributeError:
                        y = self.fc(x)
                    parts = [x, y]
                    try:
                        z = parts[2]
                    except IndexError:
                        z = parts[0]
                    return y * s + z

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """
        ),
        # A handler that only re-raises, a catch-all API fallback, try / finally.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    try:
                        y = self.fc(x)
                    except RuntimeError as error:
                        raise ValueError("expected 4 features") from error
                    try:
                        y = torch.special.expit(y)
                    except Exception:
                        y = torch.sigmoid(y)
                    try:
                        z = y.relu()
                    finally:
                        w = 2
                    return z * w

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
            """
        ),
        # An implementation fallback: one fused call, the handler computes the same result
        # from the same tensors.
        Valid(
            """
            import torch
            from torch import nn
            from torch.nn import functional as F

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(8, 24)

                def forward(self, x):
                    query, key, value = self.proj(x).chunk(3, dim=-1)
                    try:
                        out = F.scaled_dot_product_attention(query, key, value, is_causal=True)
                    except (RuntimeError, ValueError):
                        n = query.shape[-2]
                        mask = torch.ones(n, n, dtype=torch.bool).tril()
                        scores = query @ key.transpose(-2, -1) / query.shape[-1] ** 0.5
                        out = scores.masked_fill(~mask, float("-inf")).softmax(-1) @ value
                    return out

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 4, 8),)]
            """
        ),
        # A numerical fallback: the values decide whether cholesky raises.
        Valid(
            """
            import torch
            from torch import nn

            def safe_cholesky(cov, jitter: float = 1e-3):
                try:
                    return torch.linalg.cholesky(cov)
                except RuntimeError:
                    eye = torch.eye(cov.shape[-1], dtype=cov.dtype)
                    return torch.linalg.cholesky(cov + jitter * eye)

            class Model(nn.Module):
                def forward(self, x):
                    return safe_cholesky(x.transpose(-1, -2) @ x / x.shape[-2])

            def inputs():
                return [(torch.randn(2, 6, 3),), (torch.randn(2, 6, 3),)]
            """
        ),
        # The shape test every back-end follows; a try outside graph code.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    extra = x[:, 8] if x.shape[1] > 8 else x.new_zeros(x.shape[0])
                    return x.sum(1) + extra

            def load(path):
                try:
                    return torch.load(path)
                except (OSError, RuntimeError):
                    return None

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(2, 8),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    try:
                        extra = x[:, 8]
                    except IndexError:
                        extra = x.new_zeros(x.shape[0])
                    return x.sum(1) + extra

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(2, 9),)]
            """,
            line=7,
        ),
        # `except Exception` around a block: the first input does not raise (trace records
        # the view and fails on the second, which eager sends to the handler).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    try:
                        y = x.view(-1, 8)
                        y = y * 2
                    except Exception:
                        y = x.reshape(x.shape[0], -1)
                    return y.sum(-1)

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        Invalid(
            """
            import contextlib
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    extra = x.new_zeros(x.shape[0])
                    with contextlib.suppress(IndexError):
                        extra = x[:, 8]
                    return x.sum(1) + extra

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(2, 9),)]
            """,
            line=9,
        ),
        # A tuple of exceptions, around a size read past the last dimension.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    try:
                        scale = x.shape[2]
                    except (IndexError, KeyError):
                        scale = 1
                    return x * scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(2, 3, 4),)]
            """,
            line=7,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "try" in text or "suppress" in text

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._open: list[_Guarded] = []

    # -- which blocks catch what torch ops raise ---------------------------------------------
    def _caught(self, expr: cst.BaseExpression) -> Optional[str]:
        """The builtin exception class ``expr`` names, if torch ops raise it (or a subclass)."""
        name = self.ctx.qualified_name(expr)
        if name is None and isinstance(expr, cst.Name):
            name = expr.value
        if name is None or ("." in name and not name.startswith("builtins.")):
            return None
        name = name.rsplit(".", 1)[-1]
        return name if name in CAUGHT else None

    def _handler_catches(self, handler: cst.ExceptHandler) -> set[str]:
        if _raises(handler.body):
            return set()  # it only re-raises
        if handler.type is None:
            return {"BaseException"}
        return {c for c in map(self._caught, _names(handler.type)) if c}

    def visit_Try(self, node: cst.Try) -> None:
        caught = set().union(*(self._handler_catches(h) for h in node.handlers))
        self._open.append(
            _Guarded(
                node.body,
                bool(caught),
                not caught & SPECIFIC,
                self.ctx.function,
                fallback=bool(caught) and self._implementation_fallback(node),
            )
        )

    def _implementation_fallback(self, node: cst.Try) -> bool:
        """Whether the body is a single call of a torch function on tensors (returned,
        assigned or evaluated) and every handler that does not re-raise reads each tensor name
        the call takes: it computes the same result another way when the call raises."""
        body = node.body.body
        if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
            return False
        small = body[0].body
        if len(small) != 1:
            return False
        statement = small[0]
        value = getattr(statement, "value", None)
        if not isinstance(statement, (cst.Return, cst.Assign, cst.Expr)) or not isinstance(
            value, cst.Call
        ):
            return False
        name = self.ctx.qualified_name(value.func) or ""
        if not name.startswith("torch.") or name.startswith(NOT_OPS):
            return False
        tensors = {
            n.value
            for arg in value.args
            for n in _nodes(arg.value)
            if isinstance(n, cst.Name) and self.ctx.kind(n) == Kind.TENSOR
        }
        if not tensors:
            return False
        handlers = [h for h in node.handlers if not _raises(h.body)]
        return bool(handlers) and all(
            tensors <= {n.value for n in _nodes(h.body) if isinstance(n, cst.Name)}
            for h in handlers
        )

    def leave_Try(self, node: cst.Try) -> None:
        self._pop(node.body)

    def visit_With(self, node: cst.With) -> None:
        caught: set[str] = set()
        for item in node.items:
            call = item.item
            if isinstance(call, cst.Call) and self.ctx.qualified_name(call.func) in SUPPRESS:
                caught |= {c for c in (self._caught(arg.value) for arg in call.args) if c}
        if caught:
            self._open.append(_Guarded(node.body, True, not caught & SPECIFIC, self.ctx.function))

    def leave_With(self, node: cst.With) -> None:
        self._pop(node.body)

    def _pop(self, body: cst.BaseSuite) -> None:
        if self._open and self._open[-1].body is body:
            self._open.pop()

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._enter_body(node, True)

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._enter_body(node, False)

    def visit_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        self._enter_body(node, True)

    def leave_SimpleStatementSuite(self, node: cst.SimpleStatementSuite) -> None:
        self._enter_body(node, False)

    def _enter_body(self, node: cst.BaseSuite, inside: bool) -> None:
        if self._open and self._open[-1].body is node:
            self._open[-1].inside = inside

    # -- the ops -------------------------------------------------------------------------
    def visit_Subscript(self, node: cst.Subscript) -> None:
        if self.ctx.kind(node.value) not in INDEXED:
            return
        for element in node.slice:
            index = element.slice
            if isinstance(index, cst.Index) and self.ctx.kind(index.value) in VALUE_INDICES:
                return  # an index tensor: its values decide
        self._op(node, shape=True)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if Kind.TENSOR in (self.ctx.kind(node.left), self.ctx.kind(node.right)):
            self._op(node)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and self.ctx.kind(func.value) == Kind.TENSOR:
            if func.attr.value not in VALUE_CHECKED_METHODS:
                self._op(node, shape=func.attr.value in SHAPE_METHODS)
            return
        tensor_args = any(
            self.ctx.kind(arg.value) in (Kind.TENSOR, Kind.TENSORS) for arg in node.args
        )
        if not tensor_args:
            return
        if self.ctx.kind(func) == Kind.MODULE:
            self._op(node)
            return
        name = self.ctx.qualified_name(func)
        if name and name.startswith("torch.") and not name.startswith(NOT_OPS + VALUE_CHECKED):
            self._op(node)

    def _op(
        self, node: Union[cst.Subscript, cst.BinaryOperation, cst.Call], shape: bool = False
    ) -> None:
        for block in reversed(self._open):
            if not block.inside or block.function is not self.ctx.function:
                continue  # in a handler, `else` or `finally`, or a nested function
            if block.catches:  # the innermost body that catches the error decides
                if not block.reported and (shape or not (block.broad or block.fallback)):
                    block.reported = True
                    self.report(node)
                return


def _nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """``node`` and every syntax node under it."""
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(syntax_children(current))
    return found


def _raises(body: cst.BaseSuite) -> bool:
    statements = body.body
    last = statements[-1]
    smalls = last.body if isinstance(last, cst.SimpleStatementLine) else statements
    return isinstance(smalls[-1], cst.Raise)
