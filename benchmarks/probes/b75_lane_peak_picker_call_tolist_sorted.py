# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PeakPicker:
    """Turns a row-wise lane heatmap into x positions, ordered left to right."""

    def __init__(self, thr: float):
        self.thr = thr

    def __call__(self, heat: torch.Tensor) -> torch.Tensor:
        score, col = heat.max(-1)
        found = [(c, s) for c, s in zip(col.tolist(), score.tolist()) if s > self.thr]  # breaks: compile,trace
        found = sorted(found, key=lambda cs: cs[0])  # breaks: export
        xs = [c for c, _ in found] + [-1] * (heat.shape[0] - len(found))
        return torch.tensor(xs, dtype=torch.float32)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Conv2d(3, 1, 3, padding=1)
        self.pick = PeakPicker(0.5)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        heat = torch.sigmoid(self.head(img))[0, 0]
        return self.pick(heat)  # breaks: script


def inputs():
    torch.manual_seed(7510)
    return [(torch.randn(1, 3, 5, 8),), (torch.randn(1, 3, 5, 8) * 3,)]
