"""Script repairs of more heldout15 mechanisms: ``reversed(...)`` (fixers/script_reversed.py),
``x.dtype.itemsize`` (fixers/script_spellings.py), ``min(xs, default=d)`` of a list
(fixers/script_max_default.py), ``list(map(lambda ...))`` (fixers/script_map.py), a ParameterList indexed in an ``enumerate`` loop
(fixers/script_module_loops.py), f-string ``=`` fields (fixers/script_fstring.py), ``math.dist`` / ``hypot`` / ``trunc``
(fixers/script_math_formulas.py), ``len(s.encode("utf-8"))`` (fixers/script_str_bytes.py),
a NamedTuple's method (fixers/script_namedtuple_method.py); before/after text and torch's word that the fixed model scripts with eager outputs unchanged
and no other back-end broken."""

from __future__ import annotations

import pytest

from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, assert_script_repaired, fixed_text

SETTINGS = Settings(targets=("script",), targets_explicit=True)


def _fix(code: str, *, unsafe: bool = False) -> str:
    return fixed_text(code, SETTINGS, unsafe=unsafe)


def _model(forward: str) -> str:
    return normalized(
        f"""
        from typing import List

        import torch
        from torch import nn


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.levels = 3
                self.order = "hwc"
                self.names = ["ab", "c"]
                self.layers = nn.ModuleList([nn.Linear(6, 6) for _ in range(3)])
                self.norms = nn.Sequential(nn.LayerNorm(6), nn.LayerNorm(6), nn.LayerNorm(6))
                self.gains = nn.ParameterList(
                    [nn.Parameter(torch.full((6,), 0.1 * (i + 1))) for i in range(3)]
                )

            def forward(self, x):
                {forward}


        def inputs():
            return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
        """
    )


_LOOP = "                "  # the indent of forward's body in _model


def _lines(*lines: str) -> str:
    return f"\n{_LOOP}".join(lines)


# (id, source, the fix's text replacements, whether the fix is unsafe)
CASES = [
    (
        "reversed-range-attribute-bound",
        _model(
            _lines(
                "out: List[int] = []",
                "for i in reversed(range(self.levels - 1)):  # coarse to fine",
                "    out.append(i)",
                "return x * len(out) + out[0]",
            )
        ),
        [
            (
                "for i in reversed(range(self.levels - 1)):",
                "for i in range(self.levels - 2, -1, -1):",
            )
        ],
        True,
    ),
    (
        "reversed-range-sizes",
        _model(
            _lines(
                "out: List[int] = []",
                "for i in reversed(range(x.size(0))):",
                "    out.append(i)",
                "for j in reversed(range(1, len(out) + 1)):",
                "    out.append(j * 2)",
                "ks = [k * 3 for k in reversed(range(0, x.dim(), 1))]",
                "return x * (out[0] + out[-1] + ks[0])",
            )
        ),
        [
            ("reversed(range(x.size(0)))", "range(x.size(0) - 1, -1, -1)"),
            ("reversed(range(1, len(out) + 1))", "range(len(out), 0, -1)"),
            ("reversed(range(0, x.dim(), 1))", "range(x.dim() - 1, -1, -1)"),
        ],
        False,
    ),
    (
        "reversed-range-two-names",
        _model(
            _lines(
                "start, stop = 1, self.levels + 2",
                "out: List[int] = []",
                "for i in reversed(range(start, stop)):",
                "    out.append(i)",
                "return x * out[0] - out[-1]",
            )
        ),
        [("reversed(range(start, stop))", "range(stop - 1, start - 1, -1)")],
        True,
    ),
    (
        "reversed-list-and-str",
        _model(
            _lines(
                "feats: List[torch.Tensor] = []",
                "for layer in self.layers:",
                "    x = layer(x)",
                "    feats.append(x)",
                "for f in reversed(feats):",
                "    x = x * 0.5 + f",
                'key = "".join(reversed(self.order)) + "-".join(reversed(self.names))',
                "return x * len(key)",
            )
        ),
        [
            ("for f in reversed(feats):", "for f in feats[::-1]:"),
            ('"".join(reversed(self.order))', '"".join(self.order[::-1])'),
            ('"-".join(reversed(self.names))', '"-".join(self.names[::-1])'),
        ],
        True,
    ),
    (
        "dtype-itemsize",
        _model(
            _lines(
                "rows = max(1, 64 // (x.size(-1) * x.dtype.itemsize))",
                "return torch.cat([c * 2 for c in x.split(rows, dim=0)], dim=0)",
            )
        ),
        [("x.dtype.itemsize", "x.element_size()")],
        True,
    ),
    (
        "min-max-default-of-a-list",
        _model(
            _lines(
                "usable: List[int] = []",
                "for s in [4, 16]:",
                "    if s <= x.size(0):",
                "        usable.append(s)",
                "base = min(usable, default=1)",
                "scales: List[float] = [0.5, 2.0]",
                "return x / base * max(scales, default=1.0)",
            )
        ),
        [
            ("min(usable, default=1)", "min(usable) if len(usable) > 0 else 1"),
            ("max(scales, default=1.0)", "(max(scales) if len(scales) > 0 else 1.0)"),
        ],
        True,
    ),
    (
        "list-map-lambda",
        _model(
            _lines(
                "y = x.view(1, 1, x.size(0), 6)",
                "size: List[int] = list(map(lambda s: s // 2 + self.levels, y.shape[-2:]))",
                "return torch.nn.functional.interpolate(y, size=size).sum(1)",
            )
        ),
        [
            (
                "list(map(lambda s: s // 2 + self.levels, y.shape[-2:]))",
                "[s // 2 + self.levels for s in y.shape[-2:]]",
            )
        ],
        False,
    ),
    (
        "parameterlist-index-in-enumerate",
        _model(
            _lines(
                "for i, layer in enumerate(self.layers):",
                "    # gated residual",
                "    x = x + self.gains[i] * torch.relu(layer(x))",
                "return x",
            )
        ),
        [
            (
                "for i, layer in enumerate(self.layers):",
                "for layer, gain in zip(self.layers, self.gains):",
            ),
            ("x + self.gains[i] * torch", "x + gain * torch"),
        ],
        True,
    ),
    (
        "parameterlist-index-in-enumerate-index-used",
        _model(
            _lines(
                "for k, norm in enumerate(self.norms):",
                "    x = norm(x) * self.gains[k] + k",
                "return x",
            )
        ),
        [
            (
                "for k, norm in enumerate(self.norms):",
                "for k, (norm, gain) in enumerate(zip(self.norms, self.gains)):",
            ),
            ("norm(x) * self.gains[k] + k", "norm(x) * gain + k"),
        ],
        True,
    ),
    (
        "fstring-equals-of-sizes",
        _model(
            _lines(
                'key = f"n{ x.size(0) = } rank {x.dim()=}"',
                "return x * len(key)",
            )
        ),
        [
            (
                'f"n{ x.size(0) = } rank {x.dim()=}"',
                'f"n x.size(0) = {x.size(0)} rank x.dim()={x.dim()}"',
            )
        ],
        False,
    ),
    (
        "fstring-equals-of-a-setting",
        _model(
            _lines(
                "depth = self.levels",
                'key = f"{depth=}"',
                "return x * len(key)",
            )
        ),
        [('f"{depth=}"', 'f"depth={depth}"')],
        True,
    ),
    (
        "math-dist-hypot-trunc",
        _model(
            _lines(
                "p, q = (0.5, 1.0), (3.0, 4.0 + x.size(0))",
                "spread = math.dist(p, q) + math.hypot(x.size(0), x.size(1) - 1)",
                "return x / spread * math.trunc(x.size(0) * -0.7)",
            )
        ).replace("import torch\n", "import math\n\nimport torch\n", 1),
        [
            (
                "math.dist(p, q)",
                "math.sqrt(sum([(a - b) * (a - b) for a, b in zip(p, q)]))",
            ),
            (
                "math.hypot(x.size(0), x.size(1) - 1)",
                "math.sqrt(x.size(0) * x.size(0) + (x.size(1) - 1) * (x.size(1) - 1))",
            ),
            ("math.trunc(x.size(0) * -0.7)", "int(x.size(0) * -0.7)"),
        ],
        True,
    ),
    (
        "encoded-length",
        _model(
            _lines(
                'tag = "né日😀"',
                'budget = len(tag.encode("utf-8"))',
                'return x * budget + len(self.order.encode(encoding="UTF8"))',
            )
        ),
        [
            (
                'len(tag.encode("utf-8"))',
                'len(tag) if torch.jit.is_scripting() else len(tag.encode("utf-8"))',
            ),
            (
                'len(self.order.encode(encoding="UTF8"))',
                "(len(self.order) if torch.jit.is_scripting() "
                'else len(self.order.encode(encoding="UTF8")))',
            ),
        ],
        False,
    ),
]


@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_spelling_is_rewritten(source, edits, unsafe):
    assert_rewritten(source, edits, unsafe, SETTINGS)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("source", "edits", "unsafe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_fixed_model_scripts_with_eager_unchanged(source, edits, unsafe):
    assert_script_repaired(source, _fix(source, unsafe=unsafe))


def test_reversed_left_alone():
    """No rewrite where the new text would not mean the same: a step other than 1 (the last
    element is not ``stop - 1``), a ``reversed`` object kept in a name (used up once, a range
    is not), a loop that changes the list it walks, a tensor (``reversed`` is its flip)."""
    for forward in (
        _lines(
            "out: List[int] = []",
            "for i in reversed(range(0, self.levels, 2)):",
            "    out.append(i)",
            "return x * len(out)",
        ),
        _lines(
            "order = reversed(range(self.levels))",
            "for i in order:",
            "    x = x * i",
            "return x",
        ),
        _lines(
            "sizes: List[int] = [1, 2]",
            "for s in reversed(sizes):",
            "    sizes.append(s)",
            "    break",
            "return x * len(sizes)",
        ),
        _lines("for row in reversed(x):", "    x = x + row", "return x"),
    ):
        source = _model(forward)
        assert _fix(source, unsafe=True) == source


def test_max_default_left_alone():
    """A call as the iterable (it would run twice) and a tensor (``max`` walks its rows)."""
    for forward in (
        _lines("return x * max(self.sizes(), default=1)"),
        _lines("return max(x, default=x)"),
    ):
        source = _model(forward).replace(
            "    def forward(self, x):",
            "    def sizes(self) -> List[int]:\n        return [1, 2]\n\n    def forward(self, x):",
        )
        assert _fix(source, unsafe=True) == source


def test_map_lambda_left_alone():
    """A lambda with a default (made when the lambda was), of two parameters, or binding a
    name with ``:=`` (in its own scope, in the function's in a comprehension)."""
    for call in (
        "list(map(lambda s, k=2: s // k, x.shape))",
        "list(map(lambda s, t: s + t, x.shape, x.shape))",
        "list(map(lambda s: (n := s) + n, x.shape))",
    ):
        source = _model(f"dims: List[int] = {call}\n{_LOOP}return x.sum() * len(dims)")
        assert _fix(source, unsafe=True) == source


def test_enumerate_index_left_alone():
    """A container rebound in the loop."""
    source = _model(
        _lines(
            "gains = self.gains",
            "for i, layer in enumerate(self.layers):",
            "    x = x + gains[i] * layer(x)",
            "    gains = self.gains",
            "return x",
        )
    )
    assert _fix(source, unsafe=True) == source


def test_enumerate_index_of_a_third_or_the_same_container_runs_under_a_position_test():
    """Two more containers indexed with the loop's index (one zip at a time), the container
    the loop walks indexed again: the module call left over runs under ``if position == i``
    in a loop over its container (fixers/script_session25.py)."""
    third = _model(
        _lines(
            "for i, layer in enumerate(self.layers):",
            "    x = self.norms[i](x) + self.gains[i] * layer(x)",
            "return x",
        )
    )
    assert _fix(third, unsafe=True) == third.replace(
        "        for i, layer in enumerate(self.layers):\n"
        "            x = self.norms[i](x) + self.gains[i] * layer(x)\n",
        "        for i, (layer, gain) in enumerate(zip(self.layers, self.gains)):\n"
        "            for position, norm in enumerate(self.norms):\n"
        "                if position == i:\n"
        "                    x = norm(x) + gain * layer(x)\n",
    )
    same = _model(
        _lines(
            "for i, layer in enumerate(self.layers):",
            "    x = self.layers[i](x) + layer(x)",
            "return x",
        )
    )
    assert _fix(same, unsafe=True) == same.replace(
        "            x = self.layers[i](x) + layer(x)\n",
        "            for position, layer_1 in enumerate(self.layers):\n"
        "                if position == i:\n"
        "                    x = layer_1(x) + layer(x)\n",
    )


def test_fstring_equals_with_a_spec():
    """With a format spec Python formats the value as the plain field does (safe for any
    value); the width is TorchScript's to refuse still."""
    source = _model(f'key = f"{{self.order=:>5}}"\n{_LOOP}return x * len(key)')
    assert _fix(source) == source.replace('f"{self.order=:>5}"', 'f"self.order={self.order:>5}"')


def test_fstring_equals_left_alone():
    """A conversion (TorchScript has none: the field would still fail) and a raw f-string."""
    for line in ('key = f"{self.order=!s}"', 'key = rf"{self.order=}"'):
        source = _model(f"{line}\n{_LOOP}return x * len(key)")
        assert _fix(source, unsafe=True) == source


def test_math_hypot_left_alone():
    """A coordinate with a call in it (read twice now) and one coordinate (``abs`` then)."""
    for call in ("math.hypot(self.scale(x), 2.0)", "math.hypot(x.size(0))"):
        source = (
            _model(f"return x * {call}")
            .replace("import torch\n", "import math\n\nimport torch\n", 1)
            .replace(
                "    def forward(self, x):",
                "    def scale(self, x: torch.Tensor) -> float:\n        return 2.0\n\n"
                "    def forward(self, x):",
            )
        )
        assert _fix(source, unsafe=True) == source


def test_encoded_length_left_alone():
    """Another codec (its own byte count) and ``errors=`` (it may drop characters)."""
    for call in ('len(self.order.encode("latin-1"))', 'len(self.order.encode(errors="ignore"))'):
        source = _model(f"return x * {call}")
        assert _fix(source, unsafe=True) == source


_BOXES = normalized(
    """
    from typing import NamedTuple

    import torch
    from torch import Tensor, nn


    class Boxes(NamedTuple):
        xyxy: Tensor
        scores: Tensor

        def area(self, floor: float = 0.0) -> Tensor:
            # clamped widths and heights
            wh = (self.xyxy[:, 2:] - self.xyxy[:, :2]).clamp(min=floor)
            return wh[:, 0] * wh[:, 1]

        def scaled(self, k: float) -> Tensor:
            return self.scores * k


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.reg = nn.Linear(8, 4)

        def forward(self, x):
            boxes = Boxes(self.reg(x).abs().cumsum(-1), x[:, 0].sigmoid())
            return boxes.scaled(2.0) * boxes.area() + boxes.area(floor=0.5)


    def inputs():
        return [(torch.randn(3, 8),), (torch.randn(7, 8),)]
    """
)


def test_namedtuple_method_becomes_a_function():
    fixed = _fix(_BOXES, unsafe=True)
    assert _fix(_BOXES) == _BOXES  # unsafe only
    assert "    def area(self, floor: float = 0.0) -> Tensor:\n" in fixed
    assert "        return boxes_area(self, floor)\n" in fixed
    assert "        return boxes_scaled(self, k)\n" in fixed
    assert (
        "\n\n\ndef boxes_area(self: Boxes, floor: float = 0.0) -> Tensor:\n"
        "    # clamped widths and heights\n"
        "    wh = (self.xyxy[:, 2:] - self.xyxy[:, :2]).clamp(min=floor)\n"
        "    return wh[:, 0] * wh[:, 1]\n" in fixed
    )
    assert (
        "return boxes_scaled(boxes, 2.0) * boxes_area(boxes) + boxes_area(boxes, floor=0.5)"
        in fixed
    )


@requires_torch
@pytest.mark.torch
def test_namedtuple_method_repair_scripts():
    assert_script_repaired(_BOXES, _fix(_BOXES, unsafe=True))


def test_namedtuple_method_left_alone():
    """A keyword-only parameter (TorchScript takes none with a default) and ``super()``."""
    area = _BOXES[_BOXES.index("    def area(") : _BOXES.index("    def scaled(")]
    for method in (
        "    def area(self, *, floor: float = 0.0) -> Tensor:\n"
        "        return self.scores.clamp(min=floor)\n\n",
        "    def area(self) -> Tensor:\n        return super().__len__() * self.scores\n\n",
    ):
        source = _BOXES.replace(area, method).replace("boxes.area(floor=0.5)", "0.0")
        fixed = _fix(source, unsafe=True)
        assert "def boxes_area" not in fixed and "boxes.area()" in fixed, fixed
