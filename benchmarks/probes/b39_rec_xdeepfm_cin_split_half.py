# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class CIN(nn.Module):
    """Compressed Interaction Network: explicit vector-wise feature crosses of bounded degree."""

    def __init__(self, field_size, layer_size=(8, 8), split_half=True):
        super().__init__()
        self.layer_size = layer_size
        self.split_half = split_half
        self.field_nums = [field_size]
        self.conv1ds = nn.ModuleList()
        for i, size in enumerate(layer_size):
            self.conv1ds.append(nn.Conv1d(self.field_nums[-1] * self.field_nums[0], size, 1))
            if split_half and i != len(layer_size) - 1:
                self.field_nums.append(size // 2)
            else:
                self.field_nums.append(size)

    def forward(self, inputs):
        batch_size, _, dim = inputs.shape
        hidden_nn_layers = [inputs]
        final_result = []
        for i, size in enumerate(self.layer_size):
            x = torch.einsum("bhd,bmd->bhmd", hidden_nn_layers[-1], hidden_nn_layers[0])
            x = x.reshape(batch_size, hidden_nn_layers[-1].shape[1] * hidden_nn_layers[0].shape[1], dim)
            x = F.relu(self.conv1ds[i](x))
            if self.split_half and i != len(self.layer_size) - 1:
                next_hidden, direct_connect = torch.split(x, 2 * [size // 2], 1)
            else:
                direct_connect, next_hidden = x, x
            final_result.append(direct_connect)
            hidden_nn_layers.append(next_hidden)
        return torch.sum(torch.cat(final_result, dim=1), -1)


class xDeepFM(nn.Module):
    def __init__(self, field_dims=(10, 7, 5, 12), embed_dim=4, dnn_hidden=(16, 8)):
        super().__init__()
        self.embedding = nn.Embedding(sum(field_dims), embed_dim)
        self.linear = nn.Embedding(sum(field_dims), 1)
        offsets = torch.cumsum(torch.tensor((0, *field_dims[:-1])), 0)
        self.register_buffer("offsets", offsets, persistent=False)
        self.cin = CIN(len(field_dims))
        cin_out = sum(s // 2 for s in self.cin.layer_size[:-1]) + self.cin.layer_size[-1]
        layers, d = [], len(field_dims) * embed_dim
        for h in dnn_hidden:
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), nn.ReLU()]
            d = h
        self.dnn = nn.Sequential(*layers, nn.Linear(d, 1))
        self.cin_out = nn.Linear(cin_out, 1)
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        idx = x + self.offsets.unsqueeze(0)
        emb = self.embedding(idx)
        logit = self.bias + self.linear(idx).sum(1) + self.cin_out(self.cin(emb)) + self.dnn(emb.flatten(1))
        return torch.sigmoid(logit.squeeze(1))


Model = xDeepFM


def inputs():
    torch.manual_seed(3920)
    def batch(n):
        return torch.stack([torch.randint(0, d, (n,)) for d in (10, 7, 5, 12)], dim=1)
    return [(batch(4),), (batch(7),)]
