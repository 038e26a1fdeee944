# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Deep knowledge tracing: an LSTM-free recurrent cell over (skill, correct) interactions of a
    right-padded batch; the mastery read-out uses the state at the longest student's last step."""

    def __init__(self, n_skills: int = 5, d: int = 8):
        super().__init__()
        self.n_skills = n_skills
        self.embed = nn.Embedding(2 * n_skills + 1, d, padding_idx=2 * n_skills)
        self.cell = nn.RNNCell(d, d)
        self.out = nn.Linear(d, n_skills)

    @property
    def pad_id(self) -> int:
        return 2 * self.n_skills

    def forward(self, interactions: torch.Tensor) -> torch.Tensor:
        x = self.embed(interactions)
        h = x.new_zeros(x.shape[0], x.shape[2])
        states = []
        for t in range(x.shape[1]):
            h = self.cell(x[:, t], h)
            states.append(h)
        states = torch.stack(states, 1)
        last = int((interactions != self.pad_id).sum(1).max()) - 1  # breaks: compile,export,trace
        return torch.sigmoid(self.out(states[:, last]))


def inputs():
    torch.manual_seed(7518)
    a = torch.randint(0, 10, (2, 6))
    b = a.clone()
    b[:, 3:] = 10
    return [(a,), (b,)]
