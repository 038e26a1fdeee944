import torch
from torch import Tensor, nn


def collapse_repeats(ids: Tensor, blank: int) -> list[Tensor]:
    """Greedy CTC: merge repeated symbols, then drop blanks."""
    prev = torch.cat([ids.new_full((ids.shape[0], 1), -1), ids[:, :-1]], dim=1)
    keep = (ids != prev) & (ids != blank)
    return [seq[k] for seq, k in zip(ids, keep)]  # breaks: compile,trace


class CTCHead(nn.Module):
    def __init__(self, channels: int, num_classes: int, blank: int = 0):
        super().__init__()
        self.blank = blank
        self.fc = nn.Linear(channels, num_classes)

    def forward(self, feats: Tensor):
        logits = self.fc(feats).log_softmax(-1)
        return logits, collapse_repeats(logits.argmax(-1), self.blank)


class Model(nn.Module):
    def __init__(self, channels: int = 8, num_classes: int = 6):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv1d(channels, channels, 3, padding=1), nn.ReLU())
        self.head = CTCHead(channels, num_classes)

    def forward(self, x: Tensor):
        feats = self.backbone(x).transpose(1, 2)
        return self.head(feats)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8, 12),), (torch.randn(2, 8, 12) * 3,)]
