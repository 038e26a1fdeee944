"""Facts about tensor methods that both the summary pass (no libcst, imported by cached runs)
and the rules read."""

from __future__ import annotations

# Tensor methods and torch functions whose result is a boolean tensor.
BOOL_METHODS = frozenset(
    {
        "bool", "eq", "ne", "gt", "ge", "lt", "le", "isnan", "isinf", "isfinite", "isneginf",
        "isposinf", "logical_and", "logical_or", "logical_not", "logical_xor", "isclose",
        "signbit", "greater", "greater_equal", "less", "less_equal", "not_equal",
    }
)  # fmt: skip
