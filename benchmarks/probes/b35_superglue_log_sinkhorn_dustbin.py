import torch
from torch import nn


def log_sinkhorn_iterations(Z, log_mu, log_nu, iters: int):
    u, v = torch.zeros_like(log_mu), torch.zeros_like(log_nu)
    for _ in range(iters):
        u = log_mu - torch.logsumexp(Z + v.unsqueeze(1), dim=2)
        v = log_nu - torch.logsumexp(Z + u.unsqueeze(2), dim=1)
    return Z + u.unsqueeze(2) + v.unsqueeze(1)


def log_optimal_transport(scores, alpha, iters: int):
    b, m, n = scores.shape
    one = scores.new_tensor(1)
    ms, ns = (m * one).to(scores), (n * one).to(scores)
    bins0 = alpha.expand(b, m, 1)
    bins1 = alpha.expand(b, 1, n)
    alpha = alpha.expand(b, 1, 1)
    couplings = torch.cat([torch.cat([scores, bins0], -1), torch.cat([bins1, alpha], -1)], 1)
    norm = -(ms + ns).log()
    log_mu = torch.cat([norm.expand(m), ns.log()[None] + norm])
    log_nu = torch.cat([norm.expand(n), ms.log()[None] + norm])
    log_mu, log_nu = log_mu[None].expand(b, -1), log_nu[None].expand(b, -1)
    return log_sinkhorn_iterations(couplings, log_mu, log_nu, iters) - norm


class MatchingHead(nn.Module):
    def __init__(self, dim=32, sinkhorn_iterations=20):
        super().__init__()
        self.final_proj = nn.Conv1d(dim, dim, kernel_size=1)
        self.bin_score = nn.Parameter(torch.tensor(1.0))
        self.sinkhorn_iterations = sinkhorn_iterations

    def forward(self, desc0, desc1):
        mdesc0, mdesc1 = self.final_proj(desc0), self.final_proj(desc1)
        scores = torch.einsum("bdn,bdm->bnm", mdesc0, mdesc1) / mdesc0.shape[1] ** 0.5
        scores = log_optimal_transport(scores, self.bin_score, iters=self.sinkhorn_iterations)
        max0, max1 = scores[:, :-1, :-1].max(2), scores[:, :-1, :-1].max(1)
        return scores, max0.indices, max1.indices


Model = MatchingHead


def inputs():
    torch.manual_seed(3502)
    return [(torch.randn(2, 32, 10), torch.randn(2, 32, 12)), (torch.randn(1, 32, 6), torch.randn(1, 32, 9))]
