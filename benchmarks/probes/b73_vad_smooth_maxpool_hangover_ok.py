# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """VAD with hangover done as a max-filter over the thresholded frame decisions, so the
    "stay on for a few frames after speech" rule needs no Python loop over frames."""

    def __init__(self, n_mels: int = 8, hangover: int = 2, onset: float = 0.6):
        super().__init__()
        self.frame = nn.Conv1d(n_mels, 1, 3, padding=1)
        self.hangover = hangover
        self.onset = onset

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        prob = torch.sigmoid(self.frame(mel))
        speech = (prob > self.onset).to(prob.dtype)
        # Pad on the left only: a frame is on when any of the last `hangover` frames was speech.
        held = F.max_pool1d(F.pad(speech, (self.hangover, 0)), self.hangover + 1, stride=1)
        return held.squeeze(1)


def inputs():
    torch.manual_seed(7303)
    return [(torch.randn(1, 8, 10) * 0.01 - 3.0,), (torch.randn(1, 8, 10) * 3.0,)]
