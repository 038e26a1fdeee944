import torch
import torch.nn as nn
import torch.nn.functional as F


class SinkhornKnopp(nn.Module):
    def __init__(self, epsilon=0.05, max_iters=50, tol=1e-3):
        super().__init__()
        self.epsilon, self.max_iters, self.tol = epsilon, max_iters, tol

    @torch.no_grad()
    def forward(self, scores):
        Q = torch.exp(scores / self.epsilon).t()
        B, K = Q.shape[1], Q.shape[0]
        Q /= Q.sum()
        for _ in range(self.max_iters):
            row_sum = Q.sum(dim=1, keepdim=True)
            Q /= row_sum
            Q /= K
            Q /= Q.sum(dim=0, keepdim=True)
            Q /= B
            if (row_sum.squeeze() * K - 1).abs().max().item() < self.tol:  # breaks: compile,export
                break
        return (Q * B).t()


class SwAVHead(nn.Module):
    def __init__(self, in_dim=12, proj_dim=8, n_prototypes=6, temperature=0.1):
        super().__init__()
        self.projector = nn.Sequential(nn.Linear(in_dim, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, proj_dim))
        self.prototypes = nn.Linear(proj_dim, n_prototypes, bias=False)
        self.sinkhorn = SinkhornKnopp()
        self.temperature = temperature

    def forward(self, view1, view2):
        scores = [self.prototypes(F.normalize(self.projector(v), dim=1)) for v in (view1, view2)]
        codes = [self.sinkhorn(s.detach()) for s in scores]
        loss = 0.0
        for i, j in ((0, 1), (1, 0)):
            loss = loss - (codes[i] * F.log_softmax(scores[j] / self.temperature, dim=1)).sum(1).mean()
        return loss / 2


Model = SwAVHead


def inputs():
    torch.manual_seed(3208)
    return [(torch.randn(8, 12), torch.randn(8, 12)), (torch.randn(8, 12) * 3, torch.randn(8, 12))]
