# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Seismic phase picker: one head per phase; a phase with no sample above its threshold
    reports pick -1 for the trace."""

    def __init__(self, ch: int = 3):
        super().__init__()
        self.encoder = nn.Conv1d(ch, 8, 5, padding=2)
        self.heads = nn.ModuleDict({"p": nn.Conv1d(8, 1, 3, padding=1), "s": nn.Conv1d(8, 1, 3, padding=1)})
        self.thresholds = [0.3, 0.5]

    def forward(self, wave: torch.Tensor):
        feat = torch.relu(self.encoder(wave))
        picks = {}
        for (phase, head), thr in zip(self.heads.items(), self.thresholds):  # breaks: script
            prob = torch.sigmoid(head(feat)).squeeze(1)
            if prob.amax() > thr:  # breaks: compile,export,trace
                picks[phase] = prob.argmax(-1)
            else:
                picks[phase] = torch.full((wave.shape[0],), -1, dtype=torch.long)
        return picks["p"], picks["s"]


def inputs():
    torch.manual_seed(7319)
    return [(torch.randn(2, 3, 16) * 0.01,), (torch.randn(2, 3, 16) * 20,)]
