# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class VariancePredictor(nn.Module):
    def __init__(self, dim, filter_size=16, kernel=3, dropout=0.0):
        super().__init__()
        self.conv1 = nn.Conv1d(dim, filter_size, kernel, padding=(kernel - 1) // 2)
        self.ln1 = nn.LayerNorm(filter_size)
        self.conv2 = nn.Conv1d(filter_size, filter_size, kernel, padding=1)
        self.ln2 = nn.LayerNorm(filter_size)
        self.dropout = nn.Dropout(dropout)
        self.linear_layer = nn.Linear(filter_size, 1)

    def forward(self, x, mask):
        x = torch.relu(self.conv1(x.transpose(1, 2))).transpose(1, 2)
        x = self.dropout(self.ln1(x))
        x = torch.relu(self.conv2(x.transpose(1, 2))).transpose(1, 2)
        x = self.dropout(self.ln2(x))
        out = self.linear_layer(x).squeeze(-1)
        return out.masked_fill(mask, 0.0)


class VarianceAdaptor(nn.Module):
    """Pitch/energy predictors whose (predicted or target) values are quantised into embedding bins."""

    def __init__(self, dim=16, n_bins=32, pitch_range=(-2.0, 3.0), energy_range=(-1.5, 4.0), pitch_log_scale=False):
        super().__init__()
        self.pitch_predictor = VariancePredictor(dim)
        self.energy_predictor = VariancePredictor(dim)
        p_min, p_max = pitch_range
        e_min, e_max = energy_range
        if pitch_log_scale:
            pitch_bins = torch.exp(torch.linspace(torch.log(torch.tensor(p_min)), torch.log(torch.tensor(p_max)), n_bins - 1))
        else:
            pitch_bins = torch.linspace(p_min, p_max, n_bins - 1)
        self.pitch_bins = nn.Parameter(pitch_bins, requires_grad=False)
        self.energy_bins = nn.Parameter(torch.linspace(e_min, e_max, n_bins - 1), requires_grad=False)
        self.pitch_embedding = nn.Embedding(n_bins, dim)
        self.energy_embedding = nn.Embedding(n_bins, dim)

    def get_pitch_embedding(self, x, target, mask, control):
        prediction = self.pitch_predictor(x, mask)
        if target is not None:
            embedding = self.pitch_embedding(torch.bucketize(target, self.pitch_bins))
        else:
            prediction = prediction * control
            embedding = self.pitch_embedding(torch.bucketize(prediction, self.pitch_bins))
        return prediction, embedding

    def forward(self, x, src_lens, p_control: float = 1.0, e_control: float = 1.0):
        mask = torch.arange(x.size(1), device=x.device).unsqueeze(0) >= src_lens.unsqueeze(1)
        pitch_prediction, pitch_embedding = self.get_pitch_embedding(x, None, mask, p_control)
        x = x + pitch_embedding
        energy_prediction = self.energy_predictor(x, mask) * e_control
        x = x + self.energy_embedding(torch.bucketize(energy_prediction, self.energy_bins))
        return x.masked_fill(mask.unsqueeze(-1), 0.0), pitch_prediction, energy_prediction


Model = VarianceAdaptor


def inputs():
    torch.manual_seed(3929)
    return [(torch.randn(2, 7, 16), torch.tensor([7, 4])), (torch.randn(3, 11, 16), torch.tensor([11, 9, 3]))]
