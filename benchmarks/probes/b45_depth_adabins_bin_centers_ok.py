# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchTransformerEncoder(nn.Module):
    def __init__(self, in_channels, patch_size=4, embedding_dim=16, num_heads=2):
        super().__init__()
        layer = nn.TransformerEncoderLayer(embedding_dim, num_heads, dim_feedforward=32, dropout=0.0)
        self.transformer_encoder = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
        self.embedding_convPxP = nn.Conv2d(in_channels, embedding_dim, kernel_size=patch_size, stride=patch_size)
        self.positional_encodings = nn.Parameter(torch.rand(64, embedding_dim), requires_grad=True)

    def forward(self, x):
        embeddings = self.embedding_convPxP(x).flatten(2)
        embeddings = embeddings + self.positional_encodings[: embeddings.shape[2], :].T.unsqueeze(0)
        embeddings = embeddings.permute(2, 0, 1)
        return self.transformer_encoder(embeddings)  # .shape = S, N, E


class MiniViT(nn.Module):
    def __init__(self, in_channels, n_query_channels=8, dim_out=10, embedding_dim=16, norm="linear"):
        super().__init__()
        self.norm = norm
        self.n_query_channels = n_query_channels
        self.patch_transformer = PatchTransformerEncoder(in_channels, 4, embedding_dim)
        self.conv3x3 = nn.Conv2d(in_channels, embedding_dim, kernel_size=3, stride=1, padding=1)
        self.regressor = nn.Sequential(nn.Linear(embedding_dim, 32), nn.LeakyReLU(), nn.Linear(32, dim_out))

    def forward(self, x):
        tgt = self.patch_transformer(x.clone())
        x = self.conv3x3(x)
        regression_head, queries = tgt[0, ...], tgt[1 : self.n_query_channels + 1, ...]
        queries = queries.permute(1, 0, 2)
        range_attention_maps = torch.einsum("nchw,nkc->nkhw", x, queries)
        y = self.regressor(regression_head)
        if self.norm == "linear":
            y = torch.relu(y)
            eps = 0.1
            y = y + eps
        elif self.norm == "softmax":
            return torch.softmax(y, dim=1), range_attention_maps
        else:
            y = torch.sigmoid(y)
        y = y / y.sum(dim=1, keepdim=True)
        return y, range_attention_maps


class AdaBinsHead(nn.Module):
    def __init__(self, n_bins=10, min_val=0.1, max_val=10.0, feat=6):
        super().__init__()
        self.min_val, self.max_val = min_val, max_val
        self.encoder = nn.Sequential(nn.Conv2d(3, feat, 3, padding=1), nn.ReLU())
        self.adaptive_bins_layer = MiniViT(feat, n_query_channels=8, dim_out=n_bins)
        self.conv_out = nn.Sequential(nn.Conv2d(8, n_bins, 1), nn.Softmax(dim=1))

    def forward(self, x):
        bin_widths_normed, range_attention_maps = self.adaptive_bins_layer(self.encoder(x))
        out = self.conv_out(range_attention_maps)
        bin_widths = (self.max_val - self.min_val) * bin_widths_normed
        bin_widths = F.pad(bin_widths, (1, 0), mode="constant", value=self.min_val)
        bin_edges = torch.cumsum(bin_widths, dim=1)
        centers = 0.5 * (bin_edges[:, :-1] + bin_edges[:, 1:])
        n, dout = centers.size()
        centers = centers.view(n, dout, 1, 1)
        pred = torch.sum(out * centers, dim=1, keepdim=True)
        return bin_edges, pred


Model = AdaBinsHead


def inputs():
    torch.manual_seed(4527)
    return [(torch.randn(1, 3, 12, 12),), (torch.randn(1, 3, 12, 12),), (torch.randn(2, 3, 16, 20),)]
