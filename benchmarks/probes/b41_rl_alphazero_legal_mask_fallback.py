# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResBlock(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.c1 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.b1 = nn.BatchNorm2d(ch)
        self.c2 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(ch)

    def forward(self, x):
        y = F.relu(self.b1(self.c1(x)))
        return F.relu(x + self.b2(self.c2(y)))


class AlphaZeroNet(nn.Module):
    """Policy/value net for a board game; illegal moves are masked out of the policy."""

    def __init__(self, board: int = 6, planes: int = 3, ch: int = 16, blocks: int = 2):
        super().__init__()
        self.board = board
        self.stem = nn.Sequential(nn.Conv2d(planes, ch, 3, padding=1, bias=False), nn.BatchNorm2d(ch), nn.ReLU())
        self.tower = nn.Sequential(*[ResBlock(ch) for _ in range(blocks)])
        self.policy_head = nn.Sequential(nn.Conv2d(ch, 2, 1), nn.BatchNorm2d(2), nn.ReLU(), nn.Flatten(),
                                         nn.Linear(2 * board * board, board * board + 1))
        self.value_head = nn.Sequential(nn.Conv2d(ch, 1, 1), nn.BatchNorm2d(1), nn.ReLU(), nn.Flatten(),
                                        nn.Linear(board * board, 16), nn.ReLU(), nn.Linear(16, 1), nn.Tanh())

    @property
    def num_moves(self) -> int:
        return self.board * self.board + 1  # every cell plus pass

    def forward(self, planes: torch.Tensor, legal: torch.Tensor):
        assert legal.shape[-1] == self.num_moves
        x = self.tower(self.stem(planes))
        logits = self.policy_head(x)
        if not legal.any(dim=-1).all():
            # a position with no legal move left: only "pass" is allowed
            no_move = ~legal.any(dim=-1, keepdim=True)
            legal = legal | (no_move & (torch.arange(self.num_moves) == self.num_moves - 1))
        logits = logits.masked_fill(~legal, float("-inf"))
        return F.softmax(logits, dim=-1), self.value_head(x).squeeze(-1)


Model = AlphaZeroNet


def inputs():
    torch.manual_seed(4122)
    legal1 = torch.rand(2, 37) > 0.4
    legal2 = torch.rand(2, 37) > 0.4
    legal2[1] = False
    return [(torch.randn(2, 3, 6, 6), legal1), (torch.randn(2, 3, 6, 6), legal2)]
