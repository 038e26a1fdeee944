import torch
from torch import Tensor, nn


class AttentionCell(nn.Module):
    """Bahdanau-style step used by attention OCR heads (ASTER / deep-text-recognition)."""

    def __init__(self, dim: int, num_classes: int):
        super().__init__()
        self.i2h = nn.Linear(dim, dim, bias=False)
        self.h2h = nn.Linear(dim, dim)
        self.score = nn.Linear(dim, 1, bias=False)
        self.rnn = nn.GRUCell(dim + num_classes, dim)

    def forward(self, hidden: Tensor, feats: Tensor, onehot: Tensor) -> Tensor:
        e = self.score(torch.tanh(self.i2h(feats) + self.h2h(hidden).unsqueeze(1)))
        context = (torch.softmax(e, dim=1) * feats).sum(1)
        return self.rnn(torch.cat([context, onehot], dim=1), hidden)


class Model(nn.Module):
    def __init__(
        self, dim: int = 8, num_classes: int = 7, batch_max_length: int = 5, go_token: int = 0
    ):
        super().__init__()
        self.num_classes, self.max_len, self.go = num_classes, batch_max_length, go_token
        self.cell = AttentionCell(dim, num_classes)
        self.generator = nn.Linear(dim, num_classes)

    def _char_to_onehot(self, ids: Tensor) -> Tensor:
        return torch.nn.functional.one_hot(ids, self.num_classes).float()

    def forward(self, feats: Tensor) -> Tensor:
        b = feats.size(0)
        hidden = feats.new_zeros(b, feats.size(-1))
        targets = torch.full((b,), self.go, dtype=torch.long, device=feats.device)
        probs = []
        for _ in range(self.max_len + 1):
            hidden = self.cell(hidden, feats, self._char_to_onehot(targets))
            step = self.generator(hidden)
            probs.append(step)
            targets = step.argmax(-1)
        return torch.stack(probs, dim=1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 9, 8),)]
