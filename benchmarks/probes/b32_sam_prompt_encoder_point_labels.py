import math

import torch
from torch import nn


class PositionEmbeddingRandom(nn.Module):
    def __init__(self, num_pos_feats=8, scale=1.0):
        super().__init__()
        self.register_buffer("gaussian_matrix", scale * torch.randn((2, num_pos_feats)))

    def _pe_encoding(self, coords):
        coords = 2 * coords - 1
        coords = 2 * math.pi * (coords @ self.gaussian_matrix)
        return torch.cat([torch.sin(coords), torch.cos(coords)], dim=-1)

    def forward_with_coords(self, coords_input, image_size):
        coords = coords_input.clone()
        coords[:, :, 0] = coords[:, :, 0] / image_size[1]
        coords[:, :, 1] = coords[:, :, 1] / image_size[0]
        return self._pe_encoding(coords.to(torch.float))


class PromptEncoder(nn.Module):
    def __init__(self, embed_dim=16, input_image_size=(64, 64)):
        super().__init__()
        self.pe_layer = PositionEmbeddingRandom(embed_dim // 2)
        self.point_embeddings = nn.ModuleList(nn.Embedding(1, embed_dim) for _ in range(4))
        self.not_a_point_embed = nn.Embedding(1, embed_dim)
        self.input_image_size = input_image_size

    def _embed_points(self, points, labels, pad: bool):
        points = points + 0.5
        if pad:
            padding_point = torch.zeros((points.shape[0], 1, 2), device=points.device)
            padding_label = -torch.ones((labels.shape[0], 1), device=labels.device)
            points = torch.cat([points, padding_point], dim=1)
            labels = torch.cat([labels, padding_label], dim=1)
        point_embedding = self.pe_layer.forward_with_coords(points, self.input_image_size)
        point_embedding[labels == -1] = 0.0
        point_embedding[labels == -1] += self.not_a_point_embed.weight  # breaks: compile
        point_embedding[labels == 0] += self.point_embeddings[0].weight  # breaks: compile,trace
        point_embedding[labels == 1] += self.point_embeddings[1].weight  # breaks: compile
        return point_embedding

    def forward(self, points, labels):
        return self._embed_points(points, labels, pad=True)


Model = PromptEncoder


def inputs():
    torch.manual_seed(3213)
    return [
        (torch.rand(2, 3, 2) * 64, torch.tensor([[1.0, 0.0, 1.0], [1.0, 1.0, -1.0]])),
        (torch.rand(2, 3, 2) * 64, torch.tensor([[0.0, 0.0, 1.0], [1.0, -1.0, -1.0]])),
    ]
