// The annotated .cu files of a test folder, as GoogleTest parameters named after the file.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

namespace bankcheck::testing {

inline std::vector<std::string> cuFilesIn(const std::string& dir) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".cu") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

inline std::string caseName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = std::filesystem::path(info.param).stem().string();
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

}  // namespace bankcheck::testing
