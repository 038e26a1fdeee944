import torch
import torch.nn as nn


class MAB(nn.Module):
    def __init__(self, dim_q, dim_k, dim, heads=4, ln=True):
        super().__init__()
        self.heads = heads
        self.fc_q, self.fc_k, self.fc_v = nn.Linear(dim_q, dim), nn.Linear(dim_k, dim), nn.Linear(dim_k, dim)
        self.ln0 = nn.LayerNorm(dim) if ln else nn.Identity()
        self.ln1 = nn.LayerNorm(dim) if ln else nn.Identity()
        self.fc_o = nn.Linear(dim, dim)

    def forward(self, Q, K):
        Q = self.fc_q(Q)
        K, V = self.fc_k(K), self.fc_v(K)
        split = Q.shape[-1] // self.heads
        Q_, K_, V_ = (torch.cat(t.split(split, 2), 0) for t in (Q, K, V))
        A = torch.softmax(Q_.bmm(K_.transpose(1, 2)) / Q.shape[-1] ** 0.5, 2)
        O = torch.cat((Q_ + A.bmm(V_)).split(Q.size(0), 0), 2)
        O = self.ln0(O)
        return self.ln1(O + torch.relu(self.fc_o(O)))


class ISAB(nn.Module):
    def __init__(self, dim_in, dim, num_inds):
        super().__init__()
        self.I = nn.Parameter(torch.randn(1, num_inds, dim) * 0.1)
        self.mab0, self.mab1 = MAB(dim, dim_in, dim), MAB(dim_in, dim, dim)

    def forward(self, X):
        H = self.mab0(self.I.repeat(X.size(0), 1, 1), X)
        return self.mab1(X, H)


class PMA(nn.Module):
    def __init__(self, dim, num_seeds):
        super().__init__()
        self.S = nn.Parameter(torch.randn(1, num_seeds, dim) * 0.1)
        self.mab = MAB(dim, dim, dim)

    def forward(self, X):
        return self.mab(self.S.repeat(X.size(0), 1, 1), X)


class SetTransformer(nn.Module):
    def __init__(self, dim_in=3, dim=32, num_outputs=2, num_inds=8):
        super().__init__()
        self.enc = nn.Sequential(ISAB(dim_in, dim, num_inds), ISAB(dim, dim, num_inds))
        self.dec = nn.Sequential(PMA(dim, num_outputs), nn.Linear(dim, 5))

    def forward(self, X):
        return self.dec(self.enc(X))


Model = SetTransformer


def inputs():
    torch.manual_seed(3506)
    return [(torch.randn(2, 20, 3),), (torch.randn(5, 13, 3),)]
