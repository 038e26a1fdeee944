import torch
import torch.nn as nn


class SetToSetReadout(nn.Module):
    """Sum + max readout over the real atoms of each padded molecule."""

    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(2 * dim, dim)

    def forward(self, h, atom_mask):
        pooled = []
        for mol, n in zip(h, atom_mask.sum(-1).long().tolist()):  # breaks: compile,trace
            atoms = mol[:n]
            pooled.append(torch.cat([atoms.sum(0), atoms.max(0).values]))
        return self.proj(torch.stack(pooled))


class Model(nn.Module):
    def __init__(self, n_types=10, dim=16):
        super().__init__()
        self.embed = nn.Embedding(n_types, dim)
        self.msg = nn.Linear(dim, dim)
        self.readout = SetToSetReadout(dim)
        self.energy = nn.Linear(dim, 1)

    def forward(self, atom_types, adj, atom_mask):
        h = self.embed(atom_types) * atom_mask[..., None]
        for _ in range(2):
            h = h + torch.relu(adj @ self.msg(h)) * atom_mask[..., None]
        return self.energy(self.readout(h, atom_mask)).squeeze(-1)


def inputs():
    torch.manual_seed(0)
    def mol(b, n, counts):
        types = torch.randint(0, 10, (b, n))
        mask = (torch.arange(n)[None] < torch.tensor(counts)[:, None]).float()
        adj = (torch.rand(b, n, n) > 0.6).float() * mask[:, None] * mask[..., None]
        return types, adj, mask
    return [mol(2, 6, [4, 6]), mol(2, 6, [3, 5])]
