import torch
import torch.nn as nn


def knn(x, k: int):
    inner = -2 * torch.matmul(x.transpose(2, 1), x)
    xx = torch.sum(x ** 2, dim=1, keepdim=True)
    pairwise = -xx - inner - xx.transpose(2, 1)
    return pairwise.topk(k=k, dim=-1)[1]


def get_graph_feature(x, k=8, idx=None):
    B, C, N = x.shape
    if idx is None:
        idx = knn(x, k)
    base = torch.arange(B, device=x.device).view(-1, 1, 1) * N
    flat = (idx + base).view(-1)
    x_t = x.transpose(2, 1).contiguous()
    neigh = x_t.view(B * N, -1)[flat].view(B, N, k, C)
    center = x_t.view(B, N, 1, C).expand(-1, -1, k, -1)
    return torch.cat((neigh - center, center), dim=3).permute(0, 3, 1, 2).contiguous()


class EdgeConvBlock(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(nn.Conv2d(cin * 2, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.LeakyReLU(0.2))


class DGCNNLite(nn.Module):
    def __init__(self, k=8, num_classes=10, dims=(3, 32, 64)):
        super().__init__()
        self.k = k
        self.blocks = nn.ModuleList(EdgeConvBlock(a, b) for a, b in zip(dims[:-1], dims[1:]))
        emb = sum(dims[1:])
        self.head = nn.Sequential(
            nn.Linear(emb * 2, 64), nn.ReLU(), nn.Dropout(0.5), nn.Linear(64, num_classes)
        )

    def forward(self, pts):
        x, feats = pts.transpose(1, 2), []
        for blk in self.blocks:
            x = blk(get_graph_feature(x, self.k)).max(dim=-1)[0]
            feats.append(x)
        x = torch.cat(feats, dim=1)
        x = torch.cat([x.amax(-1), x.mean(-1)], dim=1)
        return self.head(x)


Model = DGCNNLite


def inputs():
    torch.manual_seed(271)
    return [
        (torch.randn(2, 64, 3),),
        (torch.randn(3, 48, 3),),
    ]
