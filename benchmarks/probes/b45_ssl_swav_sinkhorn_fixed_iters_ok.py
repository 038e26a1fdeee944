# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


@torch.no_grad()
def distributed_sinkhorn(out, epsilon=0.05, sinkhorn_iterations=3):
    Q = torch.exp(out / epsilon).t()  # Q is K-by-B for consistency with notations from our paper
    B = Q.shape[1]  # number of samples to assign
    K = Q.shape[0]  # how many prototypes
    sum_Q = torch.sum(Q)
    Q /= sum_Q
    for it in range(sinkhorn_iterations):
        # normalize each row: total weight per prototype must be 1/K
        sum_of_rows = torch.sum(Q, dim=1, keepdim=True)
        Q /= sum_of_rows
        Q /= K
        # normalize each column: total weight per sample must be 1/B
        Q /= torch.sum(Q, dim=0, keepdim=True)
        Q /= B
    Q *= B  # the columns must sum to 1 so that Q is an assignment
    return Q.t()


class SwAV(nn.Module):
    def __init__(self, in_dim=10, hidden=16, out_dim=8, nmb_prototypes=6, temperature=0.1, crops_for_assign=(0, 1)):
        super().__init__()
        self.projection_head = nn.Sequential(nn.Linear(in_dim, hidden), nn.BatchNorm1d(hidden), nn.ReLU(inplace=True), nn.Linear(hidden, out_dim))
        self.prototypes = nn.Linear(out_dim, nmb_prototypes, bias=False)
        self.temperature = temperature
        self.crops_for_assign = crops_for_assign

    def forward(self, crops):
        # crops: [n_crops, B, in_dim]
        n_crops, bs = crops.shape[:2]
        embedding = F.normalize(self.projection_head(crops.flatten(0, 1)), dim=1, p=2)
        output = self.prototypes(embedding)
        loss = 0
        for i, crop_id in enumerate(self.crops_for_assign):
            with torch.no_grad():
                out = output[bs * crop_id: bs * (crop_id + 1)].detach()
                q = distributed_sinkhorn(out)[-bs:]
            subloss = 0
            for v in [c for c in range(n_crops) if c != crop_id]:
                x = output[bs * v: bs * (v + 1)] / self.temperature
                subloss -= torch.mean(torch.sum(q * F.log_softmax(x, dim=1), dim=1))
            loss += subloss / (n_crops - 1)
        return loss / len(self.crops_for_assign)


Model = SwAV


def inputs():
    torch.manual_seed(4530)
    return [(torch.randn(2, 4, 10),), (torch.randn(2, 4, 10),), (torch.randn(2, 6, 10),)]
